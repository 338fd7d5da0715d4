import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isStartupRegistered,
  setStartupRegistered,
  startupFile,
  startupFileContents,
  type StartupOptions,
} from './startup.ts';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'yinku-desktop-home-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const linux = (env: NodeJS.ProcessEnv = {}): StartupOptions => ({
  platform: 'linux',
  env,
  home,
  command: ['/opt/node 24/bin/node', '/srv/yinku/desktop/main.ts'],
  cwd: '/srv/yinku',
});

describe('start-up registration on Linux (XDG autostart)', () => {
  it('writes ~/.config/autostart/yinku.desktop with a quoted Exec line, and removes it', async () => {
    const options = linux();
    const file = join(home, '.config', 'autostart', 'yinku.desktop');
    expect(startupFile(options)).toBe(file);
    expect(isStartupRegistered(options)).toBe(false);
    expect(await setStartupRegistered(options, true)).toBe(true);
    expect(isStartupRegistered(options)).toBe(true);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toContain('Type=Application');
    expect(lines).toContain('Exec="/opt/node 24/bin/node" /srv/yinku/desktop/main.ts');
    expect(lines).toContain('Path=/srv/yinku');
    expect(lines).toContain('X-GNOME-Autostart-enabled=true');
    expect(await setStartupRegistered(options, false)).toBe(false);
    expect(existsSync(file)).toBe(false);
    // Unregistering twice is fine.
    expect(await setStartupRegistered(options, false)).toBe(false);
  });

  it('follows XDG_CONFIG_HOME and escapes $, %, quotes and backslashes in Exec', async () => {
    const config = join(home, 'xdg');
    const options = {
      ...linux({ XDG_CONFIG_HOME: config }),
      command: ['/a$b/no"de', '/c%d\\e.ts'],
    };
    await setStartupRegistered(options, true);
    const text = readFileSync(join(config, 'autostart', 'yinku.desktop'), 'utf8');
    expect(text).toContain('Exec="/a\\\\$b/no\\\\"de" "/c%%d\\\\\\\\e.ts"\n');
  });

  it('refuses a command with control characters', () => {
    expect(() => startupFileContents({ ...linux(), cwd: '/srv/x\ny' })).toThrow(
      /control characters/,
    );
  });
});

describe('start-up registration on macOS and Windows', () => {
  it('macOS: a LaunchAgent plist with the program arguments, XML-escaped', () => {
    const options: StartupOptions = {
      ...linux(),
      platform: 'darwin',
      command: ['/n', '/a&b/main.ts'],
    };
    expect(startupFile(options)).toBe(
      join(home, 'Library', 'LaunchAgents', 'app.yinku.desktop.plist'),
    );
    const plist = startupFileContents(options);
    expect(plist).toContain('<string>/a&amp;b/main.ts</string>');
    expect(plist).toContain('<key>RunAtLoad</key>\n  <true/>');
    expect(plist).toContain('<string>app.yinku.desktop</string>');
  });

  it('Windows: a .cmd in the Startup folder that starts node minimised', () => {
    const options: StartupOptions = {
      platform: 'win32',
      env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' },
      home: 'C:\\Users\\me',
      command: ['C:\\node\\node.exe', 'C:\\yinku 100%\\desktop\\main.ts'],
      cwd: 'C:\\yinku 100%',
    };
    expect(startupFile(options)).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\yinku.cmd',
    );
    expect(startupFileContents(options)).toBe(
      '@echo off\r\ncd /d "C:\\yinku 100%%"\r\nstart "" /min "C:\\node\\node.exe" "C:\\yinku 100%%\\desktop\\main.ts"\r\n',
    );
  });
});
