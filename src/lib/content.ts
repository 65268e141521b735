import { getCollection, type CollectionEntry } from 'astro:content';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { localizedPath } from '../i18n/paths.ts';
import { byNewest, isPublished } from './blog.ts';
import { blogPostPath } from '../../contract/routes.ts';

export type BlogEntry = CollectionEntry<'blog'>;
export type LegalEntry = CollectionEntry<'legal'>;

/** The locale folder an entry lives in (`en/some-post` -> 'en'). */
export function entryLocale(entry: { id: string }): Locale {
  return entry.id.startsWith('en/') ? 'en' : 'zh';
}

const preview = import.meta.env.DEV;

/** Published posts of every locale (drafts and future posts are previewed in dev only). */
async function publishedPosts(): Promise<BlogEntry[]> {
  const now = new Date();
  const posts = await getCollection('blog', (post) => isPublished(post.data, now, preview));
  return posts.sort((a, b) =>
    byNewest({ pubDate: a.data.pubDate, key: a.id }, { pubDate: b.data.pubDate, key: b.id }),
  );
}

/** Published posts written in `locale`, newest first. */
export async function getPosts(locale: Locale): Promise<BlogEntry[]> {
  return (await publishedPosts()).filter((post) => entryLocale(post) === locale);
}

/** One prebuilt post page: the post in its locale, or its only version with a notice. */
export interface PostPage {
  locale: Locale;
  slug: string;
  post: BlogEntry;
  /** True when the page shows another locale's text because no translation exists. */
  untranslated: boolean;
  /** Pages of this post in the locales it was really written in (for hreflang). */
  alternates: Partial<Record<Locale, string>>;
}

/** Every post page in every locale; a post with no translation falls back to the version that exists. */
export async function getPostPages(): Promise<PostPage[]> {
  const byKey = new Map<string, Partial<Record<Locale, BlogEntry>>>();
  for (const post of await publishedPosts()) {
    const versions = byKey.get(post.data.translationKey) ?? {};
    versions[entryLocale(post)] = post;
    byKey.set(post.data.translationKey, versions);
  }
  const pages: PostPage[] = [];
  for (const [slug, versions] of byKey) {
    const alternates: Partial<Record<Locale, string>> = {};
    for (const locale of LOCALES) {
      if (versions[locale]) alternates[locale] = localizedPath(blogPostPath(slug), locale);
    }
    for (const locale of LOCALES) {
      const own = versions[locale];
      const post = own ?? versions.zh ?? versions.en;
      if (post) pages.push({ locale, slug, post, untranslated: !own, alternates });
    }
  }
  return pages;
}

/** A legal document (`terms-of-service` or `privacy-policy`) in `locale`. */
export async function getLegal(locale: Locale): Promise<LegalEntry[]> {
  return getCollection('legal', (doc) => entryLocale(doc) === locale);
}
