/**
 * The blog's cover images as laid out, shared by the `<Image>` that shows one and the `<link
 * rel="preload">` that fetches the page's LCP cover from the head (issue 17): the two must ask
 * for the same files, or the browser downloads the picture twice.
 */
export const POST_HERO = {
  /** 16 px gutters on phones, sidebar and padding from 768 px: a 1.75x phone takes the 720 px file. */
  widths: [480, 720, 860, 1200],
  sizes: '(min-width: 930px) 796px, (min-width: 768px) calc(100vw - 134px), calc(100vw - 32px)',
} as const;

export const LIST_COVER = {
  widths: [360, 720],
  sizes: '(min-width: 768px) 340px, 100vw',
} as const;
