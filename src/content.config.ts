import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Blog posts (MDX), one folder per locale. `translationKey` links a post to its translation
 * and is the post's URL slug in both locales. docs/authoring.md explains every field.
 */
const blog = defineCollection({
  loader: glob({ pattern: '{zh,en}/**/*.{md,mdx}', base: './src/content/blog' }),
  schema: ({ image }) =>
    z.strictObject({
      title: z.string().min(4).max(90),
      description: z.string().min(20).max(170),
      pubDate: z.coerce.date(),
      updatedDate: z.coerce.date().optional(),
      tags: z.array(z.string().min(1).max(30)).min(1).max(6),
      cover: image(),
      coverAlt: z.string().min(2).max(160),
      translationKey: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and hyphens'),
      draft: z.boolean().default(false),
    }),
});

/** Terms of service and privacy policy, one folder per locale. */
const legal = defineCollection({
  loader: glob({ pattern: '{zh,en}/*.md', base: './src/content/legal' }),
  schema: z.strictObject({
    title: z.string().min(2).max(60),
    description: z.string().min(20).max(170),
    effectiveDate: z.coerce.date(),
    updatedDate: z.coerce.date(),
  }),
});

export const collections = { blog, legal };
