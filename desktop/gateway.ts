import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { checkConnectivity } from './bridge-host.ts';

/** How long a first start may take to seed the demo library before we give up (ms). */
const START_TIMEOUT_MS = 10 * 60_000;

/** A gateway the shell started, and how to stop it. */
export interface LocalGateway {
  url: string;
  stop(): Promise<void>;
}

/** A free loopback port (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts the gateway exactly as `npm start` does (`node server/main.ts` in the repository: same
 * data dir, built client, demo library seeded on first run), on a free loopback port, and waits
 * until it answers.
 */
export async function startLocalGateway(repoRoot: string): Promise<LocalGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exit = exited(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  void exit.then(() => (stopped = true));
  while (!(await checkConnectivity(url, 1000))) {
    if (stopped) throw new Error(`The gateway exited (code ${child.exitCode}) before it answered`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The gateway did not answer on ${url} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { url, stop };
}
