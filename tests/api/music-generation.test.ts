import { afterEach, describe, expect, it } from 'vitest';
import type { SongListPage } from '../../src/shared/api/music.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { startSongGeneration } from '../../server/music/song-generator.ts';
import { apiCall, createUser } from '../testing/accounts.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';

let gateway: TestGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
  delete process.env.YINKU_SONGS_COUNT;
  delete process.env.YINKU_SONGS_SECONDS;
});

const titlesAndIds = async (g: TestGateway) =>
  (await g.oracle.songs()).map(({ id, slot, title, blobHash }) => ({ id, slot, title, blobHash }));

describe('background generation', () => {
  it('starts the gateway at once and reports progress until the catalogue is ready', async () => {
    process.env.YINKU_SONGS_COUNT = '2';
    process.env.YINKU_SONGS_SECONDS = '5';
    const started = performance.now();
    gateway = await startTestGateway({ size: 'none', env: { YINKU_SONGS: 'on' } });
    expect(performance.now() - started).toBeLessThan(10_000);
    const creator = await createUser(gateway, { role: 'CREATOR' });
    const seen: SongListPage['status'][] = [];
    // Generous deadline: CI runs every suite at once on two cores.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const page = await apiCall<SongListPage>(gateway, 'GET', API.songs, {
        token: creator.accessToken,
      });
      seen.push(page.body.data.status);
      if (page.body.data.status.ready) {
        expect(page.body.data.records).toHaveLength(2);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen.at(-1)).toEqual({ ready: true, generated: 2, total: 2 });
    // The gateway answered before the songs existed: it never waited for them.
    expect(seen[0]).toMatchObject({ ready: false, total: 2 });
  }, 60_000);

  it('closes cleanly while a song is being generated', async () => {
    process.env.YINKU_SONGS_COUNT = '3';
    process.env.YINKU_SONGS_SECONDS = '60';
    gateway = await startTestGateway({ size: 'none', env: { YINKU_SONGS: 'on' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = performance.now();
    await gateway.close();
    gateway = null;
    expect(performance.now() - closing).toBeLessThan(3_000);
  });

  it('fills only missing slots on a restart and keeps the stored songs', async () => {
    gateway = await startTestGateway({ size: 'none' });
    await startSongGeneration(gateway.ctx, { count: 2, seconds: 5 }).done;
    const before = await titlesAndIds(gateway);
    expect(before.map((s) => s.slot)).toEqual([0, 1]);
    const again = startSongGeneration(gateway.ctx, { count: 3, seconds: 5 });
    expect(again.status()).toMatchObject({ total: 3 });
    await again.done;
    expect(again.status()).toEqual({ ready: true, generated: 3, total: 3 });
    const after = await titlesAndIds(gateway);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]).toMatchObject({ slot: 2, title: 'Tidal Glass' });
  });

  it('stores nothing more once stopped', async () => {
    gateway = await startTestGateway({ size: 'none' });
    const generator = startSongGeneration(gateway.ctx, { count: 4, seconds: 30 });
    await generator.stop();
    expect(generator.status().ready).toBe(true);
    const count = (await titlesAndIds(gateway)).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await titlesAndIds(gateway)).length).toBe(count);
    expect(count).toBeLessThan(4);
  });

  it('shares the slots between two generators on one database: each song is rendered once', async () => {
    gateway = await startTestGateway({ size: 'none' });
    const rendered: string[][] = [[], []];
    const [a, b] = [0, 1].map((i) =>
      startSongGeneration(gateway!.ctx, {
        count: 4,
        seconds: 5,
        log: (line) => line.startsWith('[songs] rendering slot') && rendered[i]!.push(line),
      }),
    );
    await Promise.all([a!.done, b!.done]);
    expect((await titlesAndIds(gateway)).map((s) => s.slot)).toEqual([0, 1, 2, 3]);
    // Four renders in all, split between the two (each renders while the other does too).
    expect(rendered[0]!.length + rendered[1]!.length).toBe(4);
    expect(rendered[0]!.length).toBeGreaterThan(0);
    expect(rendered[1]!.length).toBeGreaterThan(0);
    expect(a!.status()).toEqual({ ready: true, generated: 4, total: 4 });
    expect(b!.status()).toEqual({ ready: true, generated: 4, total: 4 });
  }, 60_000);

  it('takes over a slot whose holder died once its lease expires', async () => {
    gateway = await startTestGateway({ size: 'none' });
    const now = Date.now();
    // A holder that will never renew or release: slot 0 is claimed for 1.5 s.
    expect(await gateway.ctx.repo.leases.claim('song-slot:0', 'dead', now, now + 1500)).toBe(true);
    const generator = startSongGeneration(gateway.ctx, { count: 2, seconds: 5, leaseMs: 3000 });
    await generator.done;
    expect(Date.now() - now).toBeGreaterThanOrEqual(1500);
    expect((await titlesAndIds(gateway)).map((s) => s.slot)).toEqual([0, 1]);
  }, 60_000);
});
