import { startLocalGateway, type LocalGateway } from './gateway.ts';
import { configDirOf } from './settings.ts';
import { launchDesktop, REPO_ROOT } from './shell.ts';
import { currentStartupOptions } from './startup.ts';

/** A message for a Linux machine with no display, or undefined when a window can open. */
export function missingDisplayMessage(env: NodeJS.ProcessEnv, platform = process.platform) {
  if (platform !== 'linux' || env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return (
    'Yinku desktop needs a display: DISPLAY and WAYLAND_DISPLAY are both unset.\n' +
    'Run it in a desktop session, under a virtual display (`xvfb-run -a npm run desktop`),\n' +
    'or without a window with YINKU_DESKTOP_HEADLESS=1.'
  );
}

/** `npm run desktop`: the gateway (own or YINKU_URL), then the app window; closing it ends all. */
async function main(): Promise<void> {
  const env = process.env;
  const headless = env.YINKU_DESKTOP_HEADLESS === '1';
  const noDisplay = missingDisplayMessage(env);
  if (noDisplay && !headless) {
    console.error(noDisplay);
    process.exit(2);
  }
  let gateway: LocalGateway | undefined;
  const url = env.YINKU_URL ?? (gateway = await startLocalGateway(REPO_ROOT)).url;
  const configDir = configDirOf(env);
  let shell;
  try {
    shell = await launchDesktop({
      url,
      configDir,
      headless,
      chromiumPath: env.CHROMIUM_PATH,
      startup: currentStartupOptions(REPO_ROOT),
    });
  } catch (error) {
    await gateway?.stop();
    throw error;
  }
  console.log(`[desktop] Yinku ${url} in a window; settings in ${configDir}`);
  const quit = () => void shell.close().catch(() => {});
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  await shell.closed;
  await gateway?.stop();
  console.log('[desktop] window closed');
  process.exit(0);
}

if (import.meta.main) await main();
