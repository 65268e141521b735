/** What publishing needs to know about a post. */
export interface PublishableDraft {
  draft: boolean;
  pubDate: Date;
}

/**
 * Whether a post is published at `now`: drafts and future-dated posts are not,
 * unless `preview` is on (`npm run dev` previews them for the marketing team).
 * @example isPublished({ draft: false, pubDate: new Date('2026-01-01') }, new Date('2026-02-01')) // true
 */
export function isPublished(post: PublishableDraft, now: Date, preview = false): boolean {
  if (preview) return true;
  return !post.draft && post.pubDate.getTime() <= now.getTime();
}

/** Newest first, ties broken by key so the order is stable between builds. */
export function byNewest<T extends { pubDate: Date; key: string }>(a: T, b: T): number {
  return b.pubDate.getTime() - a.pubDate.getTime() || a.key.localeCompare(b.key);
}
