import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configDirOf,
  createSettingsStore,
  defaultSettings,
  validateDownloadRoot,
} from './settings.ts';

let base: string;
let configDir: string;
const defaults = { downloadRoot: '/home/me/Yinku' };

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'yinku-desktop-settings-'));
  configDir = join(base, 'config');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(base, { recursive: true, force: true });
});

describe('where settings live', () => {
  it('YINKU_DESKTOP_CONFIG, else $XDG_CONFIG_HOME/yinku, else ~/.config/yinku; root ~/Yinku', () => {
    expect(configDirOf({ YINKU_DESKTOP_CONFIG: '/x', XDG_CONFIG_HOME: '/y' }, '/h')).toBe('/x');
    expect(configDirOf({ XDG_CONFIG_HOME: '/y' }, '/h')).toBe('/y/yinku');
    expect(configDirOf({}, '/h')).toBe('/h/.config/yinku');
    expect(defaultSettings('/h')).toEqual({ downloadRoot: '/h/Yinku' });
  });
});

describe('the settings file', () => {
  it('starts from defaults and persists changes across stores', () => {
    const first = createSettingsStore(configDir, defaults);
    expect(first.get()).toEqual(defaults);
    first.update({ downloadRoot: '/data/samples' });
    expect(createSettingsStore(configDir, defaults).get()).toEqual({
      downloadRoot: '/data/samples',
    });
    expect(readdirSync(configDir)).toEqual(['settings.json']);
  });

  it('a corrupt file falls back to defaults and is kept aside, not lost', () => {
    mkdirSync(configDir);
    writeFileSync(join(configDir, 'settings.json'), '{"downloadRoot": "/data/x"');
    const store = createSettingsStore(configDir, defaults);
    expect(store.get()).toEqual(defaults);
    const aside = readdirSync(configDir).filter((name) =>
      name.startsWith('settings.json.corrupt-'),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(configDir, aside[0] as string), 'utf8')).toBe(
      '{"downloadRoot": "/data/x"',
    );
    store.update({ downloadRoot: '/data/y' });
    expect(createSettingsStore(configDir, defaults).get().downloadRoot).toBe('/data/y');
  });

  it('a bad value falls back alone; other and unknown keys survive a write', () => {
    mkdirSync(configDir);
    writeFileSync(
      join(configDir, 'settings.json'),
      JSON.stringify({ downloadRoot: 'relative/path', windowBounds: { width: 900 } }),
    );
    const store = createSettingsStore(configDir, defaults);
    expect(store.get()).toEqual(defaults);
    store.update({ downloadRoot: '/data/z' });
    expect(JSON.parse(readFileSync(join(configDir, 'settings.json'), 'utf8'))).toEqual({
      downloadRoot: '/data/z',
      windowBounds: { width: 900 },
    });
    writeFileSync(join(configDir, 'settings.json'), '[1, 2]');
    expect(createSettingsStore(configDir, defaults).get()).toEqual(defaults);
  });
});

describe('validating a download root', () => {
  it('accepts an absolute folder, creating it, and normalises it', async () => {
    const wanted = join(base, 'new', '..', 'new', 'root');
    expect(await validateDownloadRoot(wanted)).toBe(join(base, 'new', 'root'));
    expect(existsSync(join(base, 'new', 'root'))).toBe(true);
  });

  it('refuses what is not an absolute, creatable, writable folder with a clear message', async () => {
    writeFileSync(join(base, 'file'), 'x');
    await expect(validateDownloadRoot('relative/dir')).rejects.toThrow(/absolute path/);
    await expect(validateDownloadRoot('')).rejects.toThrow(/non-empty path/);
    await expect(validateDownloadRoot(42)).rejects.toThrow(/non-empty path/);
    await expect(validateDownloadRoot('/tmp/a\0b')).rejects.toThrow(/not valid/);
    await expect(validateDownloadRoot(join(base, 'file'))).rejects.toThrow(
      /Cannot create|not a folder/,
    );
    await expect(validateDownloadRoot(join(base, 'file', 'below'))).rejects.toThrow(
      /Cannot create/,
    );
    // Found by the desktop bridge fuzzer: a recursive mkdir under /proc never settled.
    await expect(validateDownloadRoot('/proc/yinku-test/root')).rejects.toThrow(/Cannot create/);
    if (process.getuid?.() !== 0) {
      mkdirSync(join(base, 'locked'));
      chmodSync(join(base, 'locked'), 0o500);
      await expect(validateDownloadRoot(join(base, 'locked'))).rejects.toThrow(/not writable/);
    }
  });
});
