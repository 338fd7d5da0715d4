import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../src/shared/api/paths.ts';
import {
  checkConnectivity,
  createBridgeHost,
  openerCommand,
  type BridgeHost,
} from './bridge-host.ts';
import { missingDisplayMessage } from './main.ts';
import { createFileSaver } from './save-file.ts';
import { createSettingsStore } from './settings.ts';

let base: string;
let opened: string[];
let host: BridgeHost;
let server: Server | undefined;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'yinku-desktop-bridge-'));
  opened = [];
  const settings = createSettingsStore(join(base, 'config'), { downloadRoot: join(base, 'Yinku') });
  host = createBridgeHost({
    settings,
    saver: createFileSaver({ getRoot: () => settings.get().downloadRoot }),
    startup: {
      platform: 'linux',
      env: { XDG_CONFIG_HOME: join(base, 'xdg') },
      home: base,
      command: ['/usr/bin/node', '/srv/yinku/desktop/main.ts'],
      cwd: '/srv/yinku',
    },
    gatewayUrl: 'http://127.0.0.1:9',
    openFolder: async (folder) => void opened.push(folder),
  });
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

/** A local HTTP server answering the test-connection call after `delayMs`. */
async function gatewayAnswering(delayMs: number): Promise<string> {
  server = createServer((request, response) => {
    const answer = () => {
      response.statusCode = request.url === API.testConnection ? 200 : 404;
      response.end('{}');
    };
    setTimeout(answer, delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as { port: number }).port}`;
}

describe('the bridge host', () => {
  it('saves, then a second save of the same name gets (1)', async () => {
    const folders = ['sounds', 'packs', 'Yinku', 'Drums'];
    const first = await host.saveBegin(folders, 'Kick.wav');
    await host.saveChunk(first, Buffer.from('abc').toString('base64'));
    expect(await host.saveCommit(first)).toEqual({
      userFilePath: 'sounds/packs/Yinku/Drums/Kick.wav',
    });
    const second = await host.saveBegin(folders, 'Kick.wav');
    await host.saveChunk(second, Buffer.from('def').toString('base64'));
    expect((await host.saveCommit(second)).userFilePath).toBe(
      'sounds/packs/Yinku/Drums/Kick (2).wav',
    );
    expect(readFileSync(join(base, 'Yinku', 'sounds/packs/Yinku/Drums/Kick (2).wav'), 'utf8')).toBe(
      'def',
    );
  });

  it('opens only folders inside the root, creating them; bad arguments reject', async () => {
    await host.openFolder(null);
    await host.openFolder('sounds/packs/../../../etc');
    expect(opened).toEqual([
      join(base, 'Yinku'),
      join(base, 'Yinku', 'sounds', 'packs', '_', '_', '_', 'etc'),
    ]);
    await expect(host.openFolder(7)).rejects.toThrow(/relative folder path/);
  });

  it('changes the download root after checking it, and persists it', async () => {
    expect(await host.getDownloadRoot()).toBe(join(base, 'Yinku'));
    await expect(host.setDownloadRoot('not/absolute')).rejects.toThrow(/absolute/);
    expect(await host.getDownloadRoot()).toBe(join(base, 'Yinku'));
    expect(await host.setDownloadRoot(join(base, 'Music'))).toBe(join(base, 'Music'));
    expect(await host.getDownloadRoot()).toBe(join(base, 'Music'));
    const file = JSON.parse(readFileSync(join(base, 'config', 'settings.json'), 'utf8'));
    expect(file.downloadRoot).toBe(join(base, 'Music'));
  });

  it('registers and unregisters start-up; a non-boolean rejects', async () => {
    expect(await host.getStartup()).toBe(false);
    expect(await host.setStartup(true)).toBe(true);
    expect(await host.getStartup()).toBe(true);
    expect(readFileSync(join(base, 'xdg', 'autostart', 'yinku.desktop'), 'utf8')).toContain(
      'Exec=/usr/bin/node /srv/yinku/desktop/main.ts',
    );
    await expect(host.setStartup('yes')).rejects.toThrow(/true or false/);
    expect(await host.setStartup(false)).toBe(false);
    expect(await host.getStartup()).toBe(false);
  });

  it('checks connectivity: true when the gateway answers, false on refusal or timeout', async () => {
    expect(await host.checkConnectivity()).toBe(false);
    expect(await checkConnectivity(await gatewayAnswering(0))).toBe(true);
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const slow = await gatewayAnswering(2000);
    const started = Date.now();
    expect(await checkConnectivity(slow, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('opens folders with the OS file manager as an argument array', () => {
    const tricky = '/tmp/a folder; rm -rf ~';
    expect(openerCommand('linux', tricky)).toEqual(['xdg-open', [tricky]]);
    expect(openerCommand('darwin', tricky)).toEqual(['open', [tricky]]);
    expect(openerCommand('win32', 'C:\\x')).toEqual(['explorer', ['C:\\x']]);
  });
});

describe('npm run desktop without a display', () => {
  it('names the way out', () => {
    expect(missingDisplayMessage({}, 'linux')).toMatch(/xvfb-run -a npm run desktop/);
    expect(missingDisplayMessage({ DISPLAY: ':0' }, 'linux')).toBeUndefined();
    expect(missingDisplayMessage({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
    expect(missingDisplayMessage({}, 'darwin')).toBeUndefined();
  });

  it('exits with status 2 and the message, starting nothing', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, YINKU_DESKTOP_CONFIG: join(base, 'cfg') };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    delete env.YINKU_DESKTOP_HEADLESS;
    const run = promisify(execFile)(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env,
    });
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/needs a display/);
  });
});
