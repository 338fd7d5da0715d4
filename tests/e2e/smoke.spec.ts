import { test, expect } from '../testing/e2e.ts';

test('the gateway serves the built client with its security headers', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown API route answers the error envelope, a client route falls back to the app', async ({
  page,
  request,
}) => {
  const api = await request.get('/api/v2/does-not-exist', { headers: { 'accept-language': 'en' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 404, errorCode: 'NOT_FOUND' });
  expect(decodeURIComponent(api.headers()['x-error-message'] ?? '')).toBe('No such API route');
  const spa = await page.goto('/sounds/instruments');
  expect(spa?.status()).toBe(200);
});
