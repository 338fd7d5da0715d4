/**
 * Screenshots of every shell page in both themes and both languages at 1280 and 760 px, saved
 * under test-results/screenshots/ as an artifact for review (issue 4). Each shot also checks the
 * page rendered its own content (no error screen) in the chosen theme.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_TOKEN_KEY } from '../../src/shared/constants.ts';
import { API } from '../../src/shared/api/paths.ts';
import { sha256Hex } from '../helpers/accounts.ts';
import { expect, test } from '../helpers/e2e.ts';
import { DEMO_PASSWORD } from './shell-helpers.ts';

const PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/update-password',
  '/sounds',
  '/sounds/instruments',
  '/songai',
  '/preferences',
  '/profile/ac',
  '/profile/fieldset',
  '/profile/orders',
  '/profile/privacy-policy',
  '/profile/terms-service',
  '/404',
];
const WIDTHS = [1280, 760];
const OUT = join('test-results', 'screenshots');

for (const mode of ['light', 'dark'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`every shell page, ${mode}, ${language}, 1280 and 760 px`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync(OUT, { recursive: true });
      const login = await page.request.post(API.login, {
        data: {
          email: 'creator@yinku.local',
          password: sha256Hex(DEMO_PASSWORD),
          loginType: 'EMAIL',
        },
      });
      const tokens = (await login.json()).data as { accessToken: string; refreshToken: string };
      await page.addInitScript(
        ({ tokens, mode, language, accessKey }) => {
          localStorage.setItem(accessKey, tokens.accessToken);
          localStorage.setItem('yinku.refreshToken', tokens.refreshToken);
          localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
          localStorage.setItem(
            'yinku.settings',
            JSON.stringify({ version: 1, state: { language, displayMode: mode } }),
          );
        },
        { tokens, mode, language, accessKey: ACCESS_TOKEN_KEY },
      );
      const expectedBackground = mode === 'dark' ? 'rgb(20, 20, 20)' : 'rgb(245, 247, 250)';
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of PAGES) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await expect(page.locator('#root')).not.toBeEmpty();
          await expect(page.locator('[data-error]')).toHaveCount(0);
          await expect
            .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
            .toBe(expectedBackground);
          const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
          await page.screenshot({
            path: join(OUT, `${name}.${mode}.${language}.${width}.png`),
            fullPage: true,
          });
        }
      }
    });
  }
}
