import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { localeStaticPaths } from '@/i18n/staticPaths.ts';
import { HTML_LANG, type Locale } from '@/i18n/locales.ts';
import { localizedPath } from '@/i18n/paths.ts';
import { useTranslations } from '@/i18n/index.ts';
import { blogPostPath } from '../../../contract/routes.ts';
import { getPosts } from '@/lib/content.ts';

export const getStaticPaths = localeStaticPaths;

/** One RSS feed per locale: `/rss.xml` and `/en/rss.xml`. */
export async function GET(context: APIContext) {
  const locale = (context.props as { locale: Locale }).locale;
  const t = useTranslations(locale);
  const posts = await getPosts(locale);
  return rss({
    title: `${t('app.name')} · ${t('blog.title')}`,
    description: t('blog.description'),
    site: context.site ?? context.url.origin,
    customData: `<language>${HTML_LANG[locale]}</language>`,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.pubDate,
      link: localizedPath(blogPostPath(post.data.translationKey), locale),
      categories: post.data.tags,
    })),
  });
}
