import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { createBridgeHost, type BridgeHost } from '../bridge-host.ts';
import { createFileSaver, isInside, type FileSaver } from '../save-file.ts';
import { createSettingsStore } from '../settings.ts';
import { CANARIES, opsArb, type BridgeOp } from './bridge-arbitraries.ts';

/** Every file under `dir` (recursively), as absolute paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A sandbox with a jail around it: a shell host on real folders, and what it opened. */
interface BridgeSandbox {
  jail: string;
  sandbox: string;
  host: BridgeHost;
  saver: FileSaver;
  opened: string[];
  rootsSeen: Set<string>;
  close(): void;
}

/** A fresh host on a temp sandbox (`jail/sandbox`, with `jail/outside` as a canary folder). */
function createBridgeSandbox(): BridgeSandbox {
  // A case that failed early may have left its escape behind: it must not fail the next one.
  for (const canary of CANARIES) rmSync(canary, { force: true });
  const jail = mkdtempSync(join(tmpdir(), 'yinku-bridge-fuzz-'));
  const sandbox = join(jail, 'sandbox');
  mkdirSync(join(jail, 'outside'), { recursive: true });
  mkdirSync(sandbox, { recursive: true });
  writeFileSync(join(sandbox, 'a-file'), 'not a folder');
  const settings = createSettingsStore(join(sandbox, 'config'), {
    downloadRoot: join(sandbox, 'Yinku'),
  });
  const saver = createFileSaver({ getRoot: () => settings.get().downloadRoot, idleMs: 5 });
  const opened: string[] = [];
  const host = createBridgeHost({
    settings,
    saver,
    startup: {
      platform: 'linux',
      env: { XDG_CONFIG_HOME: join(sandbox, 'xdg') },
      home: sandbox,
      command: ['node'],
      cwd: sandbox,
    },
    gatewayUrl: 'http://127.0.0.1:9',
    openFolder: async (folder) => void opened.push(folder),
  });
  const rootsSeen = new Set([settings.get().downloadRoot]);
  return {
    jail,
    sandbox,
    host,
    saver,
    opened,
    rootsSeen,
    close: () => rmSync(jail, { recursive: true, force: true }),
  };
}

/** Waits (up to 2 s) for the idle timeout to drop an abandoned save and its temp file. */
async function idleAway(box: BridgeSandbox): Promise<void> {
  const deadline = performance.now() + 2000;
  const busy = () =>
    box.saver.pending() > 0 || filesUnder(box.jail).some((file) => file.endsWith('.part'));
  while (busy() && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Settles a bridge call: its value, or its error (which must be an Error with a message). */
async function settle(call: () => Promise<unknown>): Promise<{ ok: boolean; value?: unknown }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof Error) || error.message === '')
      throw new Error(`a bridge call rejected with ${String(error)}`);
    return { ok: false };
  }
}

/**
 * Runs the calls, then checks: every file is inside a download root the host accepted (or its
 * config), no temp file is left, opened folders are inside the root, and a plain save still works.
 */
async function runOps(box: BridgeSandbox, ops: readonly BridgeOp[]): Promise<void> {
  const { host } = box;
  for (const op of ops) {
    if (op.op === 'save') {
      const begun = await settle(() => host.saveBegin(op.folders, op.fileName));
      if (!begun.ok) continue;
      const token = begun.value;
      let failed = false;
      for (const chunk of op.chunks)
        if (!failed) failed = !(await settle(() => host.saveChunk(token, chunk))).ok;
      if (op.end === 'abort' || failed) await settle(() => host.saveAbort(token));
      else if (op.end === 'idle') await idleAway(box);
      else {
        const saved = await settle(() => host.saveCommit(token));
        if (saved.ok) {
          const path = (saved.value as { userFilePath: string }).userFilePath;
          const root = await host.getDownloadRoot();
          if (!isInside(resolve(root), resolve(root, path)))
            throw new Error(`saved outside the root: ${path}`);
        }
        if (op.end === 'commit-twice' && (await settle(() => host.saveCommit(token))).ok)
          throw new Error('a save committed twice');
      }
    } else if (op.op === 'setDownloadRoot') {
      const set = await settle(() => host.setDownloadRoot(op.path));
      if (set.ok) box.rootsSeen.add(set.value as string);
    } else if (op.op === 'openFolder') {
      const before = box.opened.length;
      await settle(() => host.openFolder(op.path));
      const root = await host.getDownloadRoot();
      for (const folder of box.opened.slice(before))
        if (!isInside(root, folder)) throw new Error(`opened a folder outside the root: ${folder}`);
    } else {
      const call = host[op.call] as (token: unknown, chunk?: unknown) => Promise<unknown>;
      await settle(() => call(op.token, 'QUJD'));
    }
  }
  await checkSandbox(box);
}

/** The invariants after a case (see runOps). */
async function checkSandbox(box: BridgeSandbox): Promise<void> {
  if (box.saver.pending() > 0) throw new Error(`${box.saver.pending()} saves left open`);
  const outside = filesUnder(box.jail).filter((file) => {
    if (file === join(box.sandbox, 'a-file') || isInside(join(box.sandbox, 'config'), file))
      return false;
    return ![...box.rootsSeen].some((root) => isInside(root, file));
  });
  for (const canary of CANARIES)
    if (existsSync(canary)) {
      rmSync(canary);
      outside.push(canary);
    }
  if (outside.length > 0)
    throw new Error(
      `written outside the download root: ${outside.map((f) => relative(box.jail, f)).join(', ')}`,
    );
  const temp = filesUnder(box.jail).filter((file) => /\.yinku-.*\.part$/.test(file));
  if (temp.length > 0) throw new Error(`temp files left: ${temp.join(', ')}`);
  for (const root of box.rootsSeen)
    if (!isInside(box.sandbox, root)) throw new Error(`a root outside the sandbox: ${root}`);
  // The shell still serves: a plain save round trip.
  const token = await box.host.saveBegin(['sounds', 'packs', 'Yinku', 'Drums'], 'alive.wav');
  await box.host.saveChunk(token, 'QUJD');
  await box.host.saveCommit(token);
}

/** The seed of a desktop fuzz run: FUZZ_SEED when set, else a fresh one (printed). */
export function desktopFuzzSeed(cases: number): number {
  const fromEnv = process.env.FUZZ_SEED;
  const seed = fromEnv ? Number(fromEnv) : randomInt(2 ** 31 - 1);
  console.log(`[fuzz:desktop] ${cases} cases, seed ${seed} (replay: FUZZ_SEED=${seed})`);
  return seed;
}

/** Placeholder for the sandbox path in generated roots: each case has its own sandbox. */
const SANDBOX = '/SANDBOX';

/** `value` with the placeholder replaced by the case's sandbox (deeply, other values as they are). */
function inSandbox<T>(value: T, sandbox: string): T {
  if (typeof value === 'string') return value.replaceAll(SANDBOX, sandbox) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => inSandbox(item, sandbox)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, inSandbox(item, sandbox)]),
    ) as T;
  return value;
}

/** Runs `cases` op sequences, each on a fresh sandbox; the fast-check details. */
export function runDesktopFuzz(cases: number, seed: number) {
  const property = fc.asyncProperty(opsArb(SANDBOX), async (ops) => {
    const box = createBridgeSandbox();
    try {
      await runOps(box, inSandbox(ops, box.sandbox));
    } finally {
      box.close();
    }
  });
  return fc.check(property, { numRuns: cases, seed, timeout: 5000 });
}

/** The report of a failed run: seed, replay path, shrunk calls and the error. */
export function desktopFailureReport(details: fc.RunDetails<[BridgeOp[]]>): string {
  const error = details.errorInstance;
  return `${fc.defaultReportMessage(details)}\nerror: ${error instanceof Error ? error.message : String(error)}`;
}
