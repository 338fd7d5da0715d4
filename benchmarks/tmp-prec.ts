import { startTestGateway } from '../tests/helpers/test-gateway.ts';
import { decodeEmbedding } from '../server/library/sound-analysis.ts';
process.env.YINKU_SEED_AUDITIONS = 'off';
process.env.YINKU_SEED_ANALYSIS = 'wait';
const t = performance.now();
const gw = await startTestGateway({ size: 'demo' });
console.log('seeded', ((performance.now() - t) / 1000).toFixed(1), 's');
const rows = gw.db.prepare('SELECT id, kind, pack_code, secondary_name, primary_name, embedding FROM samples').all().map((r) => ({ id: Number(r.id), kind: String(r.kind), pack: String(r.pack_code), sec: String(r.secondary_name), prim: String(r.primary_name), e: decodeEmbedding(r.embedding as Uint8Array)! }));
const dot = (a: Float32Array, b: Float32Array) => { let s = 0; for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!; return s; };
for (const cap of [0, 1, 3, 5, 100]) {
  for (const sameKind of [true, false]) {
    let sum = 0;
    for (const q of rows) {
      const cands = rows.filter((r) => r.id !== q.id && (!sameKind || r.kind === q.kind)).map((r) => ({ r, s: dot(q.e, r.e) })).sort((a, b) => b.s - a.s);
      const out = []; let own = 0;
      for (const c of cands) { if (out.length >= 10) break; if (c.r.pack === q.pack && ++own > cap) continue; out.push(c.r); }
      sum += out.filter((r) => r.sec === q.sec).length / out.length;
    }
    console.log('cap', cap, 'sameKind', sameKind, (sum / rows.length).toFixed(3));
  }
}
const packs = new Map<string, Set<string>>(); for (const r of rows) { const s = packs.get(r.pack) ?? new Set(); s.add(r.sec); packs.set(r.pack, s); }
console.log('packs', packs.size, 'secondaries per pack', [...packs.values()].map((s) => s.size).join(','));
await gw.close();
