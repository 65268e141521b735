/**
 * The one table of routes (spec §2 plus the screens whose paths we chose: docs/routes.md).
 * Paths are locale-free; `localizedPath` adds `/en` for English.
 */
export const ROUTES = {
  home: '/',
  homeAlias: '/pages/index/index',
  login: '/pages/login/login',
  signupVerifyEmail: '/pages/signup/verify-email',
  verifyEmail: '/pages/verify-email/verify-email',
  forgotPassword: '/pages/forgot-password/forgot-password',
  resetPassword: '/pages/reset-password/reset-password',
  emailSent: '/pages/email-sent/email-sent',
  leads: '/pages/leads/leads',
  unlockedLeads: '/pages/unlocked-leads/unlocked-leads',
  sentEmails: '/pages/sent-emails/sent-emails',
  terms: '/pages/legal/terms-of-service',
  privacy: '/pages/legal/privacy-policy',
  chat: '/pages/chat/chat',
  blog: '/pages/official-blog/official-blog',
  blogDetail: '/pages/blog-detail/blog-detail',
  invitationCode: '/pages/invitation-code/invitation-code',
  notFound: '/pages/404/404',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Spec §4 "Navigation guard": the paths anyone may open without a token. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'home',
  'homeAlias',
  'login',
  'signupVerifyEmail',
  'forgotPassword',
  'resetPassword',
  'emailSent',
  'terms',
  'privacy',
  'notFound',
];

/** Content pages that search engines may index (blog pages are added by prefix in `seo.ts`). */
export const CONTENT_ROUTES: readonly RouteName[] = ['home', 'terms', 'privacy', 'blog'];

/** The path of a blog post's prebuilt page. */
export function blogPostPath(slug: string): string {
  return `${ROUTES.blogDetail}/${slug}`;
}
