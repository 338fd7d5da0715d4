import { existsSync } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, win32 } from 'node:path';

/** Identifier of the start-up entry (launchd label, file names). */
const STARTUP_ID = 'app.yinku.desktop';

/** What start-up registration needs: the OS, where its files live, and the command to run. */
export interface StartupOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** The program and its arguments, e.g. [node, <repo>/desktop/main.ts]. */
  command: string[];
  /** The folder the command runs in (the repository, where `data/` and `dist/` are). */
  cwd: string;
}

/** Options for this process: the running Node with desktop/main.ts, in the repository. */
export function currentStartupOptions(repoRoot: string): StartupOptions {
  return {
    platform: process.platform,
    env: process.env,
    home: homedir(),
    command: [process.execPath, join(repoRoot, 'desktop', 'main.ts')],
    cwd: repoRoot,
  };
}

/** The file that registers start-up on this OS (XDG autostart, LaunchAgent, Startup folder). */
export function startupFile(options: StartupOptions): string {
  const { platform, env, home } = options;
  if (platform === 'darwin') return join(home, 'Library', 'LaunchAgents', `${STARTUP_ID}.plist`);
  if (platform === 'win32') {
    const appData = env.APPDATA || win32.join(home, 'AppData', 'Roaming');
    return win32.join(
      appData,
      'Microsoft',
      'Windows',
      'Start Menu',
      'Programs',
      'Startup',
      'yinku.cmd',
    );
  }
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'autostart', 'yinku.desktop');
}

function refuseControls(values: readonly string[]): void {
  // oxlint-disable-next-line no-control-regex
  if (values.some((value) => /[\u0000-\u001f\u007f]/.test(value)))
    throw new Error('The start-up command contains control characters');
}

/** Quotes one argument for a desktop entry's Exec key (Desktop Entry spec, "The Exec key"). */
function execArgument(arg: string): string {
  const quoted =
    /[\s"'\\><~|&;$*?#()`]/.test(arg) || arg === ''
      ? `"${arg.replace(/(["`$\\])/g, '\\$1')}"`
      : arg;
  // Field codes start with %, and string values escape backslashes once more.
  return quoted.replace(/%/g, '%%').replace(/\\/g, '\\\\');
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function batch(text: string): string {
  // In a .cmd file % starts a variable; paths on Windows cannot contain double quotes.
  if (text.includes('"')) throw new Error('The start-up command contains a double quote');
  return text.replace(/%/g, '%%');
}

/** The registration file's contents for the OS. */
export function startupFileContents(options: StartupOptions): string {
  const { platform, command, cwd } = options;
  refuseControls([...command, cwd]);
  if (platform === 'darwin') {
    const args = command.map((arg) => `    <string>${xml(arg)}</string>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${STARTUP_ID}</string>
  <key>ProgramArguments</key>
  <array>
${args}
  </array>
  <key>WorkingDirectory</key>
  <string>${xml(cwd)}</string>
  <key>RunAtLoad</key>
  <true/>
</dict>
</plist>
`;
  }
  if (platform === 'win32') {
    const [program = '', ...args] = command.map(batch);
    const quotedArgs = args.map((arg) => ` "${arg}"`).join('');
    return `@echo off\r\ncd /d "${batch(cwd)}"\r\nstart "" /min "${program}"${quotedArgs}\r\n`;
  }
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Yinku',
    'Name[zh_CN]=音库',
    'Comment=Yinku sample library',
    `Exec=${command.map(execArgument).join(' ')}`,
    `Path=${cwd.replace(/\\/g, '\\\\')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** True when the registration file exists. */
export function isStartupRegistered(options: StartupOptions): boolean {
  return existsSync(startupFile(options));
}

/** Registers (writes the file atomically) or unregisters (removes it) start-up; returns the state. */
export async function setStartupRegistered(options: StartupOptions, on: boolean): Promise<boolean> {
  const file = startupFile(options);
  if (!on) {
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return false;
  }
  const contents = startupFileContents(options);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  await writeFile(temp, contents, { mode: 0o644 });
  await rename(temp, file);
  return true;
}
