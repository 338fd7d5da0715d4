import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import {
  DESKTOP_BINDINGS,
  DESKTOP_BRIDGE_GLOBAL,
} from '../src/shared/desktop-bridge/bridge.types.ts';
import { createBridgeHost, type BridgeHost } from './bridge-host.ts';
import { startDragServer, type DragServer } from './drag-server.ts';
import { installPageBridge } from './page-bridge.ts';
import { createFileSaver } from './save-file.ts';
import { createSettingsStore, defaultSettings, type SettingsStore } from './settings.ts';
import type { StartupOptions } from './startup.ts';

/** The repository root (where package.json, dist/ and data/ are). */
export const REPO_ROOT = join(import.meta.dirname, '..');

/** The shell's version: the app's package version. */
const DESKTOP_VERSION: string = JSON.parse(
  readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'),
).version;

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Flags for the app window: no background traffic or first-run UI, audio without a gesture. */
const WINDOW_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--autoplay-policy=no-user-gesture-required',
];

/** How to launch the desktop window. */
interface LaunchOptions {
  /** The gateway serving the client. */
  url: string;
  /** Settings, browser profile (logins persist there). */
  configDir: string;
  startup: StartupOptions;
  headless?: boolean;
  chromiumPath?: string;
  /** How long a dragged file's loopback URL is served (ms; tests shorten it). */
  dragLifetimeMs?: number;
  /** Replaces the OS file manager (tests). */
  openFolder?: (folder: string) => Promise<void>;
}

/** A running desktop window. */
export interface DesktopShell {
  context: BrowserContext;
  page: Page;
  host: BridgeHost;
  /** The loopback server of drags into a DAW. */
  drags: DragServer;
  settings: SettingsStore;
  /** Resolves when the window (the browser) has closed. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the client in a Chromium app window with a persistent profile and the bridge: the
 * bindings answer only pages of the gateway's own origin, and the init script defines
 * `window.yinkuDesktop` in them.
 */
export async function launchDesktop(options: LaunchOptions): Promise<DesktopShell> {
  const origin = new URL(options.url).origin;
  const settings = createSettingsStore(options.configDir, defaultSettings());
  const drags = await startDragServer({ origin, lifetimeMs: options.dragLifetimeMs });
  const host = createBridgeHost({
    drags,
    settings,
    saver: createFileSaver({ getRoot: () => settings.get().downloadRoot }),
    startup: options.startup,
    gatewayUrl: options.url,
    openFolder: options.openFolder,
  });
  const headless = options.headless ?? false;
  const asRoot = process.getuid?.() === 0;
  const context = await chromium
    .launchPersistentContext(join(options.configDir, 'profile'), {
      headless,
      baseURL: options.url,
      executablePath: options.chromiumPath ?? DEFAULT_CHROMIUM,
      // Chromium's sandbox cannot run as root; everyone else keeps it.
      chromiumSandbox: !asRoot,
      // A real window: the page follows the window's size, and no "controlled by automation" bar.
      viewport: headless ? { width: 1280, height: 800 } : null,
      ignoreDefaultArgs: ['--enable-automation'],
      args: [`--app=${options.url}`, ...WINDOW_ARGS, ...(headless ? ['--disable-gpu'] : [])],
    })
    .catch(async (error: unknown) => {
      await drags.close();
      throw error;
    });
  const closed = new Promise<void>((resolve) =>
    context.once('close', () => void drags.close().then(resolve)),
  );

  for (const [method, binding] of Object.entries(DESKTOP_BINDINGS)) {
    const handler = host[method as keyof BridgeHost] as (...args: unknown[]) => Promise<unknown>;
    await context.exposeBinding(binding, async (source, ...args: unknown[]) => {
      if (new URL(source.frame.url()).origin !== origin)
        throw new Error('The desktop bridge answers only the Yinku app');
      return handler(...args);
    });
  }
  await context.addInitScript(installPageBridge, {
    version: DESKTOP_VERSION,
    globalName: DESKTOP_BRIDGE_GLOBAL,
    bindings: DESKTOP_BINDINGS,
  });

  // The app window opened before the bridge existed: load it again so the page sees the bridge.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(options.url);
  // Closing the app window closes the browser (and so ends the shell).
  page.once('close', () => void context.close().catch(() => {}));
  return {
    context,
    page,
    host,
    drags,
    settings,
    closed,
    close: () => context.close(),
  };
}
