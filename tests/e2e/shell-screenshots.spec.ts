/**
 * Screenshots of every page at 390, 760 and 1400 px (Chinese; English at 1400 px), plus the
 * detail panel open, saved under test-results/screenshots/ as an artifact for review (issues 4
 * and 17; the review is in docs/UI.md). Each shot also checks the page rendered its own content
 * (no error screen) in the chosen theme. Shots are of the window, as a user sees it.
 *
 * By default (CI) one theme per width, light and dark in turn, so every page is checked at every
 * width and in both themes in 4 runs; `YINKU_SCREENSHOTS=all` takes both themes at every width
 * (8 runs), the set to look at after a UI change (docs/TESTING.md).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_TOKEN_KEY } from '../../src/shared/constants.ts';
import { API } from '../../src/shared/api/paths.ts';
import { sha256Hex } from '../testing/accounts.ts';
import { expect, test } from '../testing/e2e.ts';
import { DEMO_PASSWORD, trackNetwork } from './testing/shell.ts';

const PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/update-password',
  '/sounds',
  '/sounds/instruments',
  '/sounds/packs/track/six-string-stories/samples',
  '/sounds/search/track/kick/samples',
  '/sounds/stockroom/resources',
  '/songai',
  '/preferences',
  '/profile/ac',
  '/profile/fieldset',
  '/profile/orders',
  '/profile/privacy-policy',
  '/profile/terms-service',
  '/404',
];
/** The widths and languages of a run. */
const WIDTHS = [
  ...[390, 760, 1400].map((width) => ({ language: 'zh' as const, width })),
  { language: 'en' as const, width: 1400 },
];
/** Shots per test: one width, one theme, one language. */
const RUNS =
  process.env.YINKU_SCREENSHOTS === 'all'
    ? (['light', 'dark'] as const).flatMap((mode) => WIDTHS.map((w) => ({ ...w, mode })))
    : WIDTHS.map((w, i) => ({ ...w, mode: i % 2 === 0 ? ('light' as const) : ('dark' as const) }));
const OUT = join('test-results', 'screenshots');

// The runs share nothing but the gateway: both e2e workers may take them.
test.describe.configure({ mode: 'parallel' });

for (const { mode, language, width } of RUNS) {
  test(`every page, ${mode}, ${language}, ${width} px`, async ({ page }) => {
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
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const network = trackNetwork(page);
    const shoot = (name: string) =>
      page.screenshot({ path: join(OUT, `${name}.${mode}.${language}.${width}.png`) });
    for (const path of PAGES) {
      await page.goto(path);
      await network.quiet();
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.locator('[data-error]')).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe(expectedBackground);
      await shoot(path === '/' ? 'home' : path.slice(1).replaceAll('/', '_'));
    }
    // The detail panel beside the list (a sheet on phones).
    await page.goto('/sounds/instruments');
    await page.locator('[role="grid"] [data-sample-id]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(
      page.locator('aside[aria-label="详情"], aside[aria-label="Details"]'),
    ).toBeVisible();
    await network.quiet();
    await shoot('sounds_instruments_detail');
  });
}
