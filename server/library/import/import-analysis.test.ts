import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLibrary, type PlannedSample } from '../demo/library-plan.ts';
import { renderSample } from '../sample-files.ts';
import { toStoredAnalysis } from '../sound-analysis.ts';
import { analyseSound } from '../../../src/analysis/index.ts';
import { decodeAudio } from '../../../src/wasm/decode-audio.ts';
import { API } from '../../../src/shared/api/paths.ts';
import type { ListPage } from '../../../src/shared/api/envelope.ts';
import type { Sample, SimilarPage } from '../../../src/shared/api/catalogue.types.ts';
import { describeImport, importFolder, type ImportedFile } from './import-folder.ts';
import { startImportGateway, type ImportGateway } from './testing/import-gateway.ts';

// Real WAV files made by the demo library's synthesizer: two loops whose tempo and key the
// generator knows (a bass line at 92 BPM in D minor, chords at 94 BPM in G) and a kick.
const plan = planLibrary('small', Date.UTC(2026, 0, 1));
const pick = (voice: string, bpm: number | null) =>
  plan.samples.find((s) => s.job.voice === voice && (bpm === null || s.bpm === bpm))!;
const FILES: Array<[string, PlannedSample]> = [
  ['loops/bass 92.wav', pick('bassLoop', 92)],
  ['loops/chords 94.wav', pick('melodicLoop', 94)],
  ['hits/kick.wav', plan.samples.find((s) => s.secondary.name === 'Kick')!],
];

let gateway: ImportGateway;
let folder: string;
let imported: ImportedFile[];
const wavOf = new Map<string, Uint8Array>();

const list = (query: Record<string, string | number>) =>
  gateway.getJson<ListPage<Sample>>(
    `${API.audios}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

beforeAll(async () => {
  gateway = await startImportGateway('import-analysis');
  const { ctx } = gateway;
  folder = gateway.folder;
  for (const [path, sample] of FILES) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    const { wav } = renderSample(sample.job, { audition: false });
    wavOf.set(path, wav);
    writeFileSync(join(folder, path), wav);
  }
  const report = await importFolder(ctx, folder, {
    brand: 'Field Kit',
    category: 'genres',
    primaryName: 'Imported',
    secondaryName: 'Loops',
  });
  expect(report.skipped).toEqual([]);
  imported = report.imported;
});

afterAll(async () => {
  await gateway?.close();
});

const importOf = (path: string) => imported.find((f) => f.file === path)!;

describe('npm run import: the analysis of each file', () => {
  it('stores what analyseSound finds in the file, on worker threads', async () => {
    expect(imported).toHaveLength(FILES.length);
    for (const [path] of FILES) {
      const pcm = await decodeAudio(wavOf.get(path)!);
      const expected = toStoredAnalysis(
        analyseSound({ channels: pcm.channels, sampleRate: pcm.sampleRate }),
      );
      expect(importOf(path).analysis).toEqual(expected);
    }
  });

  it('finds the loops at the tempo and in the key they were made in', () => {
    for (const path of ['loops/bass 92.wav', 'loops/chords 94.wav']) {
      const sample = FILES.find(([p]) => p === path)![1];
      const { analysis, metadata } = importOf(path);
      expect(metadata).toMatchObject({
        kind: 'loop',
        kindSource: 'detected',
        bpm: sample.bpm,
        bpmSource: 'detected',
        audioKey: sample.key,
        keySource: 'detected',
      });
      expect(Math.abs(analysis.detectedBpm! - sample.bpm!)).toBeLessThan(1);
      expect(describeImport(importOf(path))).toContain(
        `${analysis.detectedBpm} BPM, ${sample.key}`,
      );
    }
  });

  it('makes imported loops answer the BPM and key filters and the similar-sounds call', async () => {
    const bass = importOf('loops/bass 92.wav');
    const byBpm = await list({ bpmMin: 90, bpmMax: 93, pageSize: 100 });
    expect(byBpm.records.map((r) => r.id)).toContain(bass.id);
    expect(byBpm.records.map((r) => r.id)).not.toContain(importOf('loops/chords 94.wav').id);
    const byKey = await list({ key: 'Dm', kind: 'loop', pageSize: 100 });
    expect(byKey.records.map((r) => r.id)).toEqual([bass.id]);
    // Detected values say so (issue 30 §9: the client marks them "检测值").
    expect(byKey.records[0]).toMatchObject({
      audioBpm: 92,
      audioKey: 'Dm',
      detected: ['key', 'bpm'],
    });
    // The other loop is its only neighbour of the same kind.
    const similar = await gateway.getJson<SimilarPage>(API.similar(bass.id));
    expect(similar.records.map((r) => r.id)).toEqual([importOf('loops/chords 94.wav').id]);
  });

  it('keeps the source of the kick: no tempo, detected as a one-shot', () => {
    const kick = importOf('hits/kick.wav');
    expect(kick.metadata).toMatchObject({ kind: 'oneshot', bpm: null, bpmSource: null });
    // Nor a key: a kick's short sweep is below the detector's confidence.
    expect(kick.metadata).toMatchObject({ audioKey: null, keySource: null });
  });
});
