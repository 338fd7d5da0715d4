import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMatchQuery } from '../../server/catalogue/cjk-text.ts';
import { seedPlan } from '../../server/library/seed-samples.ts';
import { planLibrary } from '../../server/seed/library-plan.ts';
import { openRenderCache } from '../../server/seed/render-cache.ts';
import { startTestGateway, type TestGateway } from '../helpers/test-gateway.ts';

// The `large` size clones the rendered demo library into pack volumes; here the same code runs
// on the tiny plan with a small target so the test stays fast.
const TARGET = 400;
let gateway: TestGateway;
let baseCount = 0;

beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
  const plan = planLibrary('tiny', gateway.ctx.clock.now());
  baseCount = plan.samples.length;
  await seedPlan(gateway.ctx, plan, { cache: openRenderCache(), cloneTo: TARGET });
});

afterAll(async () => {
  await gateway?.close();
});

const one = (sql: string, ...params: string[]) =>
  gateway.ctx.db.prepare(sql).get(...params) as Record<string, unknown>;

describe('the large library (pack volumes reusing rendered audio)', () => {
  it('holds exactly the target number of samples, each in the full-text index', () => {
    expect(one('SELECT count(*) AS n FROM samples').n).toBe(TARGET);
    expect(one('SELECT count(*) AS n FROM samples_fts').n).toBe(TARGET);
    expect(
      one(
        'SELECT count(*) AS n FROM samples s LEFT JOIN samples_fts f ON f.rowid = s.id WHERE f.rowid IS NULL',
      ).n,
    ).toBe(0);
  });

  it('reuses the rendered blobs instead of storing copies', () => {
    expect(one('SELECT count(DISTINCT blob_hash) AS n FROM samples').n).toBe(baseCount);
    expect(one('SELECT count(DISTINCT audition_hash) AS n FROM samples').n).toBe(baseCount);
  });

  it('gives every clone its own name, file name and audition code in a volume pack', () => {
    expect(one('SELECT count(DISTINCT name_en) AS n FROM samples').n).toBe(TARGET);
    expect(one('SELECT count(DISTINCT file_name) AS n FROM samples').n).toBe(TARGET);
    expect(one('SELECT count(DISTINCT audition_code) AS n FROM samples').n).toBe(TARGET);
    const volume = one("SELECT * FROM packs WHERE code LIKE '%-vol-2' LIMIT 1");
    expect(String(volume.name_en)).toMatch(/ Vol\. 2$/);
    expect(String(volume.name_zh)).toMatch(/第2辑$/);
    expect(volume.cover_hash).toMatch(/^[0-9a-f]{64}$/);
    const clone = one(
      "SELECT name_en, name_zh FROM samples WHERE pack_code LIKE '%-vol-3' LIMIT 1",
    );
    expect(String(clone.name_en)).toMatch(/ V3$/);
    const hits = gateway.ctx.db
      .prepare('SELECT rowid FROM samples_fts WHERE samples_fts MATCH ?')
      .all(toMatchQuery(String(clone.name_zh)) as string);
    expect(hits.length).toBeGreaterThan(0);
  });
});
