import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright';
import { API } from '../src/shared/api/paths.ts';
import { ACCESS_TOKEN_KEY } from '../src/shared/constants.ts';

/** The tokens of a seeded account (password `yinku-demo`), logged in over the API. */
export async function signInTokens(
  gatewayUrl: string,
  email: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('yinku-demo'));
  const login = await fetch(`${gatewayUrl}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: Buffer.from(digest).toString('hex'),
      loginType: 'EMAIL',
    }),
  });
  return ((await login.json()) as { data: { accessToken: string; refreshToken: string } }).data;
}

/** A browser context whose pages start signed in with `tokens` (as the client stores them). */
export async function signedInContext(
  browser: Browser,
  tokens: { accessToken: string; refreshToken: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([key, access, refresh]) => {
      localStorage.setItem(key, access);
      localStorage.setItem('yinku.refreshToken', refresh);
      localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
    },
    [ACCESS_TOKEN_KEY, tokens.accessToken, tokens.refreshToken] as const,
  );
  return context;
}
