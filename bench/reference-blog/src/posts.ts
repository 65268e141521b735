import cover from '../../../src/assets/blog/find-overseas-buyers-with-one-sentence.png';

/** The fixture's posts: one, with a cover image, like the starter's first post. */
export const posts = [
  {
    slug: 'first-post',
    title: 'First post',
    description: 'Lorem ipsum dolor sit amet',
    pubDate: new Date('2026-07-08'),
    cover,
  },
];
