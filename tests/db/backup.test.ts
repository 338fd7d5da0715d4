import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import type { Sample } from '../../src/shared/api/catalogue.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext } from '../../server/context.ts';
import { createApp } from '../../server/app.ts';
import { openStorage } from '../../server/db/open-storage.ts';
import { createUser, login, type TestUser } from '../testing/accounts.ts';
import { getData, withQuery } from '../testing/catalogue.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';

// `npm run backup` (server/backup.ts) against a live gateway's SQLite data directory, and a
// gateway started on the backup (the restore docs/DEPLOY.md describes). SQLite only: PostgreSQL
// is backed up with pg_dump (docs/DEPLOY.md), so this lives outside the api-pg suite.
let live: TestGateway;
let user: TestUser;
const scratch = mkdtempSync(join(tmpdir(), 'yinku-backup-test-'));

beforeAll(async () => {
  live = await startTestGateway({ size: 'tiny' });
  user = await createUser(live);
});
afterAll(async () => {
  await live?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `node server/backup.ts …args` on `dataDir`; its exit code and output. */
function runBackup(dataDir: string, ...args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['server/backup.ts', ...args], {
      env: { ...process.env, YINKU_DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const liked = (gateway: { url: string }, token: string) =>
  getData<ListPage<Sample>>(
    gateway as TestGateway,
    withQuery(API.userAudios, { relation: 'likes', pageSize: 100 }),
    { token },
  );

describe('npm run backup', () => {
  it('backs up a live gateway while it serves, and a gateway on the backup has its data', async () => {
    const token = { token: user.accessToken };
    const page = await getData<ListPage<Sample>>(
      live,
      withQuery(API.audios, { pageSize: 3 }),
      token,
    );
    for (const sample of page.records) await getData(live, API.downloadLike(sample.id), token);
    const target = join(scratch, 'backup-1');
    // Reads and writes go on during the backup (another connection, as in production).
    let serving = true;
    const traffic = (async () => {
      let answered = 0;
      while (serving) {
        await getData(live, withQuery(API.audios, { pageSize: 10, sort: 'NEWEST' }), token);
        answered++;
      }
      return answered;
    })();
    const result = await runBackup(live.dataDir, '--', target);
    serving = false;
    expect(await traffic).toBeGreaterThan(0);
    expect(result.out).toMatch(/backed up \d+ pages/);
    expect(result.code).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['blobs', 'secret.key', 'yinku.sqlite']);
    // A like made after the backup is not in it.
    const more = await getData<ListPage<Sample>>(
      live,
      withQuery(API.audios, { pageSize: 10 }),
      token,
    );
    const later = more.records.find((s) => !page.records.some((p) => p.id === s.id))!;
    await getData(live, API.downloadLike(later.id), token);
    expect((await liked(live, user.accessToken)).records).toHaveLength(4);

    // Restore: a gateway on the backup directory.
    const config = {
      ...loadConfig({ YINKU_SONGS: 'off' }),
      dataDir: target,
      port: 0,
    };
    const ctx = await createContext(config, { storage: await openStorage(config) });
    const app = await createApp(ctx, { serveClient: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const restored = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    try {
      // The same secret: a token minted before the backup still signs in.
      const likes = await liked(restored, user.accessToken);
      expect(likes.records.map((s) => s.id).sort()).toEqual(page.records.map((s) => s.id).sort());
      expect((await login(restored, user.email, user.password)).accessToken).toBeTruthy();
      // The blobs came along: a pack cover is served from the backup's own blob folder.
      const cover = await fetch(`${restored.url}${API.packCover(page.records[0]!.packCode!)}`);
      expect(cover.status).toBe(200);
      expect((await cover.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } finally {
      // Every request above is answered: drop the client's kept-alive sockets at once (a socket
      // not yet idle would hold app.close() for Fastify's 72 s keep-alive timeout).
      app.server.closeAllConnections();
      await app.close();
      await ctx.close();
    }
  });

  it('refuses a target that is not empty, and a data directory without a database', async () => {
    const full = join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'keep.txt'), 'mine');
    const refused = await runBackup(live.dataDir, full);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is not empty');
    expect(readdirSync(full)).toEqual(['keep.txt']);
    const empty = join(scratch, 'no-data');
    mkdirSync(empty);
    const missing = await runBackup(empty, join(scratch, 'backup-2'));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('no database to back up');
    const usage = await runBackup(live.dataDir);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run backup');
  });
});
