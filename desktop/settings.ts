import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, normalize } from 'node:path';

/** What the shell remembers between runs. */
interface DesktopSettings {
  /** Absolute folder downloads go under (`<root>/sounds/packs/{brand}/{type}/`). */
  downloadRoot: string;
}

/** The shell's config dir: YINKU_DESKTOP_CONFIG, else `$XDG_CONFIG_HOME/yinku`, else `~/.config/yinku`. */
export function configDirOf(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (env.YINKU_DESKTOP_CONFIG) return env.YINKU_DESKTOP_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'yinku');
}

/** The settings a first run starts with. */
export function defaultSettings(home = homedir()): DesktopSettings {
  return { downloadRoot: join(home, 'Yinku') };
}

/**
 * Creates `folder` and its missing parents one `mkdir` at a time. Node's recursive mkdir never
 * settles under /proc (`/proc/x` answers ENOENT while /proc exists, and it retries forever,
 * holding a libuv thread): a page asking for such a root hung the bridge call for good.
 */
export async function makeFolders(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let current = folder; ; current = dirname(current)) {
    const found = await stat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (found || dirname(current) === current) break;
    missing.unshift(current);
  }
  for (const dir of missing)
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
}

/** A path the page may set as the download root, normalised; throws a clear error otherwise. */
export async function validateDownloadRoot(path: unknown): Promise<string> {
  if (typeof path !== 'string' || path.trim() === '')
    throw new Error('The download folder must be a non-empty path');
  if (path.length > 4096 || path.includes('\0'))
    throw new Error('The download folder path is not valid');
  if (!isAbsolute(path)) throw new Error(`The download folder must be an absolute path: ${path}`);
  const folder = normalize(path);
  try {
    await makeFolders(folder);
  } catch (error) {
    throw new Error(`Cannot create the download folder ${folder}: ${(error as Error).message}`);
  }
  if (!(await stat(folder)).isDirectory())
    throw new Error(`The download folder is not a folder: ${folder}`);
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new Error(`The download folder is not writable: ${folder}`);
  }
  return folder;
}

/**
 * The settings file `<configDir>/settings.json`. Each value is validated on its own: a bad one
 * falls back to its default and the others stay; unreadable JSON is moved aside (never thrown
 * away) and defaults are used. Writes go through a temp file and a rename; unknown keys are kept.
 */
export function createSettingsStore(configDir: string, defaults: DesktopSettings) {
  const file = join(configDir, 'settings.json');
  let raw: Record<string, unknown> = {};

  function read(): DesktopSettings {
    raw = {};
    if (existsSync(file)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        raw = parsed as Record<string, unknown>;
      } catch (error) {
        const aside = `${file}.corrupt-${Date.now()}`;
        renameSync(file, aside);
        console.warn(`[desktop] ${file} was unreadable (${String(error)}); kept as ${aside}`);
      }
    }
    const root = raw.downloadRoot;
    return {
      downloadRoot:
        typeof root === 'string' && isAbsolute(root) && !root.includes('\0')
          ? root
          : defaults.downloadRoot,
    };
  }

  let current = read();

  return {
    file,
    /** The settings now. */
    get(): DesktopSettings {
      return current;
    },
    /** Changes some settings and writes the file atomically. */
    update(patch: Partial<DesktopSettings>): DesktopSettings {
      const next = { ...current, ...patch };
      mkdirSync(configDir, { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      writeFileSync(temp, `${JSON.stringify({ ...raw, ...next }, null, 2)}\n`, { mode: 0o600 });
      renameSync(temp, file);
      raw = { ...raw, ...next };
      current = next;
      return current;
    },
  };
}

/** The settings store's interface. */
export type SettingsStore = ReturnType<typeof createSettingsStore>;
