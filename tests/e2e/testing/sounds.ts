import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../../../src/shared/constants.ts';
import { API } from '../../../src/shared/api/paths.ts';
import { loadConfig } from '../../../server/config.ts';
import { openStorage, type Storage } from '../../../server/db/open-storage.ts';
import { sha256Hex } from '../../testing/accounts.ts';
import { expect } from '../../testing/e2e.ts';
import { DEMO_PASSWORD, dataDir, registerOverApi } from './shell.ts';

/**
 * Signs the page in as `email` (password DEMO_PASSWORD) through stored tokens, as the screenshot
 * spec does: cheaper than the login form (which tests/e2e/shell-accounts.spec.ts covers), for tests
 * about something else. The tokens go in before the tab's next document only: a later reload
 * keeps what the app stored since (a refreshed token, a logout).
 */
export async function signInWithTokens(page: Page, email: string): Promise<void> {
  const login = await page.request.post(API.login, {
    data: { email, password: sha256Hex(DEMO_PASSWORD), loginType: 'EMAIL' },
  });
  expect(login.status()).toBe(200);
  const tokens = (await login.json()).data as { accessToken: string; refreshToken: string };
  await page.addInitScript(
    ({ tokens, accessKey }) => {
      // about:blank has no storage of the app's origin: wait for the app's first document. The
      // mark is this sign-in's own: a later one on the same page (a shared page) still applies.
      const mark = `yinku.e2e.signedIn.${tokens.accessToken}`;
      if (location.protocol !== 'http:' || sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      localStorage.setItem(accessKey, tokens.accessToken);
      localStorage.setItem('yinku.refreshToken', tokens.refreshToken);
      localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
    },
    { tokens, accessKey: ACCESS_TOKEN_KEY },
  );
}

/**
 * Registers a fresh ORDINARY user (so likes and downloads never collide), signs the page in with
 * its tokens and opens /sounds; answers its e-mail.
 */
export async function signInFresh(page: Page, tag: string): Promise<string> {
  return openSignedIn(page, tag, '/sounds');
}

/**
 * Signs a fresh user (`tag`) in and opens `path`: first at the `viewport` size if given, with the
 * player's test hooks on (`yinku.audioTestHooks`) if `audioHooks`. Answers the user's e-mail.
 */
export async function openSignedIn(
  page: Page,
  tag: string,
  path: string,
  options: { viewport?: { width: number; height: number }; audioHooks?: boolean } = {},
): Promise<string> {
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.audioHooks)
    await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
  const email = await registerOverApi(page, tag);
  await openAs(page, email, path);
  return email;
}

/** Signs the page in as `email` (signInWithTokens), opens `path` and waits for the account menu. */
export async function openAs(page: Page, email: string, path: string): Promise<void> {
  await signInWithTokens(page, email);
  await page.goto(path);
  // Signed in: the profile (root loader) came back and the top bar shows the account menu.
  await expect(page.getByRole('button', { name: /账户菜单|Account menu/ })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
}

/** The sample grid of the page. */
export const grid = (page: Page) => page.getByRole('grid');

/** Data rows of the grid (not the header). */
export const dataRows = (page: Page) => grid(page).locator('[role="row"][data-sample-id]');

/**
 * Navigations here load the page's code, the profile (root loader) and the list; on a busy CI
 * machine that takes longer than expect's default 5 s, which is what made the browse test flaky.
 */
export const NAVIGATION_TIMEOUT = 20_000;

/**
 * Waits until the page whose h1 is `heading` shows its sample list loaded. The URL changes before
 * the new page renders, so counting rows right after the URL check could count the page before.
 */
export async function listShown(page: Page, heading: string | RegExp): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(grid(page)).toHaveAttribute('data-list-state', 'ready', {
    timeout: NAVIGATION_TIMEOUT,
  });
}

/** The names of the loaded rows, in order, once the first row is there. */
export async function rowNames(page: Page): Promise<string[]> {
  await dataRows(page).first().waitFor();
  return dataRows(page).locator('strong').allInnerTexts();
}

/** Reads a gateway list in Chinese (the UI's default language), as the page would. */
export async function apiRecords<T>(page: Page, url: string): Promise<T[]> {
  return page.evaluate(
    async (path) =>
      (await (await fetch(path, { headers: { 'accept-language': 'zh' } })).json()).data.records,
    url,
  );
}

/** Makes `showDirectoryPicker` answer the origin-private file system, so downloads land somewhere we can read. */
export async function useOpfsAsDownloadFolder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.assign(window, { showDirectoryPicker: () => navigator.storage.getDirectory() });
  });
}

/** Picks the download folder with the player bar's folder button (the OPFS root here). */
export async function chooseFolder(page: Page): Promise<void> {
  await page.getByRole('button', { name: /选择下载文件夹|下载到/ }).click();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('keyval')) return resolve(false);
              const get = db
                .transaction('keyval')
                .objectStore('keyval')
                .get('yinku.downloadFolder');
              get.onsuccess = () => resolve(get.result !== undefined);
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
}

/** Every file under the OPFS root as `path:size`, sorted. */
export async function opfsFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    type Dir = FileSystemDirectoryHandle & {
      entries(): AsyncIterable<[string, FileSystemHandle]>;
    };
    async function walk(dir: Dir, prefix: string): Promise<void> {
      for await (const [name, handle] of dir.entries()) {
        if (handle.kind === 'directory') {
          await walk(handle as Dir, `${prefix}${name}/`);
          continue;
        }
        // Chromium writes through a temporary .crswap file that vanishes when the write closes.
        if (name.endsWith('.crswap')) continue;
        try {
          out.push(`${prefix}${name}:${(await (handle as FileSystemFileHandle).getFile()).size}`);
        } catch {
          // Renamed or removed while we listed: the next poll sees the final state.
        }
      }
    }
    await walk((await navigator.storage.getDirectory()) as Dir, '');
    return out.sort();
  });
}

/** Runs `work` on the e2e gateway's storage, opened a second time (the gateway keeps serving). */
async function withStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage({ ...loadConfig(), dataDir: dataDir() });
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** The id of the account registered under `email`. */
async function userIdOf(storage: Storage, email: string): Promise<number> {
  const user = await storage.repo.accounts.findCredentials(email);
  if (!user) throw new Error(`no account ${email}`);
  return user.id;
}

/** Sets the downloads left of the account `email` straight in storage. */
export const setQuota = (email: string, quota: number) =>
  withStorage(async (storage) =>
    storage.oracle.setDownloadQuota(await userIdOf(storage, email), quota),
  );

/** The downloads left and the grants of the account `email`, read straight from storage. */
export const accountOf = (email: string) =>
  withStorage(async (storage) => {
    const id = await userIdOf(storage, email);
    return {
      quota: Number(await storage.oracle.downloadQuota(id)),
      grants: (await storage.oracle.downloadGrants(id)).length,
    };
  });
