import { test, expect, DEMO, logInAs } from './fixtures.ts';

test('the built-in test checkout takes a signed-in user from pay_url to a plan and back', async ({
  page,
  request,
}) => {
  // Signed in in this browser too: the page paid from is private, and an anonymous visitor is sent
  // to the login page, sometimes before the success toast shows (1 run in 3 failed so).
  const token = await logInAs(page, DEMO);
  const headers = { token };
  const before = (await (await request.get('/api/user/user_info', { headers })).json()).data;
  // SITE_URL of the test server is its own address, so the return URL is on this site.
  const origin = new URL((await request.get('/')).url()).origin;
  const pay = await request.get('/api/pay/stripe/pay_url', {
    headers,
    params: { goods_id: 13, success_url: `${origin}/en/pages/leads/leads?type=plan&action=paySuccess` },
  });
  const { url } = (await pay.json()).data as { url: string };

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('测试收银台');
  await expect(page.getByText('不会真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付（测试）' }).click();
  // Back on the page it left (spec §2): a success toast, and `action` leaves the address.
  await page.waitForURL((target) => target.pathname === '/en/pages/leads/leads');
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBeNull();
  expect(new URL(page.url()).searchParams.get('type')).toBe('plan');

  const after = (await (await request.get('/api/user/user_info', { headers })).json()).data;
  expect(after.subscription_status).toBe(1);
  expect(after.point - before.point).toBe(200);
});
