/**
 * Spec §2: back from payment the URL carries type=plan and action=paySuccess; the product shows a
 * success toast and removes `action`. Returns whether to celebrate and the URL to put back.
 * @example paymentReturn('https://x/pages/chat/chat?type=plan&action=paySuccess') // { paid: true, url: '/pages/chat/chat?type=plan' }
 */
export function paymentReturn(href: string): { paid: boolean; url: string } {
  const url = new URL(href);
  const paid = url.searchParams.get('type') === 'plan' && url.searchParams.get('action') === 'paySuccess';
  if (paid) url.searchParams.delete('action');
  return { paid, url: url.pathname + url.search + url.hash };
}

/** The success_url a checkout returns to: the current page with type=plan&action=paySuccess. */
export function paymentSuccessUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('type', 'plan');
  url.searchParams.set('action', 'paySuccess');
  return url.href;
}
