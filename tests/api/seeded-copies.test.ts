// Test gateways start on copies of the run's seeded library (docs/TESTING.md, "Seed once"):
// the same library in each, and nothing one does reaches another's copy or the template.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../testing/accounts.ts';
import { sampleIdsWhere } from '../testing/oracle.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';

let a: TestGateway;
let b: TestGateway;

beforeAll(async () => {
  a = await startTestGateway({ size: 'tiny' });
  b = await startTestGateway({ size: 'tiny' });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** The path of one stored blob under a gateway's data directory. */
function firstBlob(dataDir: string): string {
  const blobs = join(dataDir, 'blobs');
  const shard = readdirSync(blobs).sort()[0]!;
  return join(blobs, shard, readdirSync(join(blobs, shard)).sort()[0]!);
}

describe('test gateways on copies of one seeded library', () => {
  it('each holds the same seeded library', async () => {
    const ids = await sampleIdsWhere(a);
    expect(ids.length).toBeGreaterThan(0);
    expect(await sampleIdsWhere(b)).toEqual(ids);
  });

  it("keeps one gateway's writes out of another's database", async () => {
    const user = await createUser(a);
    await expect(login(a, user.email, user.password)).resolves.toBeDefined();
    await expect(login(b, user.email, user.password)).rejects.toThrow(/login .* failed/);
  });

  it("keeps one gateway's files out of another's data directory, and its own token secret", async () => {
    const blob = firstBlob(a.dataDir);
    rmSync(blob);
    expect(existsSync(blob.replace(a.dataDir, b.dataDir))).toBe(true);
    expect(a.ctx.tokenSecret.equals(b.ctx.tokenSecret)).toBe(false);
  });
});
