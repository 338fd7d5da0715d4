// A disk cache of sound analyses keyed by the audio's sha-256 (its blob hash) and a hash of the
// analysis code: the seeded libraries render the same bytes on every start, so each test
// gateway and each benchmark after the first reads its analyses instead of computing them
// (~0.2 s of CPU per sample). Best effort, like the render cache: a failed read or write only
// means analysing again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import type { StoredAnalysis } from './sound-analysis.ts';

/** Reads and writes analyses by audio hash. */
export interface AnalysisCache {
  get(blobHash: string): StoredAnalysis | null;
  put(blobHash: string, analysis: StoredAnalysis): void;
}

/** Folder names under the seed cache root that hold analyses (the render cache leaves them). */
export const ANALYSIS_CACHE_PREFIX = 'analysis-';

let codeHash: string | null = null;

/** Hash of the analysis code (src/analysis) and of how its answer is stored. */
function codeVersion(): string {
  if (codeHash) return codeHash;
  const hash = createHash('sha256');
  const dir = join(import.meta.dirname, '../../src/analysis');
  for (const name of readdirSync(dir).sort())
    if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
      hash.update(name).update(readFileSync(join(dir, name)));
  hash.update(readFileSync(join(import.meta.dirname, 'sound-analysis.ts')));
  codeHash = hash.digest('hex').slice(0, 16);
  return codeHash;
}

/** The cached analysis in `text`, or null when it is not one (a stale or torn file). */
function parse(text: string): StoredAnalysis | null {
  try {
    const value = JSON.parse(text) as StoredAnalysis & { embedding: number[] };
    if (!Array.isArray(value.embedding) || value.embedding.length !== EMBEDDING_SIZE) return null;
    return { ...value, embedding: Float32Array.from(value.embedding) };
  } catch {
    return null;
  }
}

/** Opens the cache under `root` (default: `$YINKU_SEED_CACHE_DIR` or the system temp folder). */
export function openAnalysisCache(
  root = process.env.YINKU_SEED_CACHE_DIR ?? join(tmpdir(), 'yinku-seed-cache'),
): AnalysisCache {
  const name = `${ANALYSIS_CACHE_PREFIX}${codeVersion()}`;
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  // Analyses of other code versions can never be read again.
  for (const other of readdirSync(root))
    if (other.startsWith(ANALYSIS_CACHE_PREFIX) && other !== name)
      rmSync(join(root, other), { recursive: true, force: true });
  const fileOf = (blobHash: string) => join(dir, `${blobHash}.json`);
  return {
    get(blobHash) {
      try {
        return parse(readFileSync(fileOf(blobHash), 'utf8'));
      } catch {
        return null;
      }
    },
    put(blobHash, analysis) {
      const file = fileOf(blobHash);
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        writeFileSync(temp, JSON.stringify({ ...analysis, embedding: [...analysis.embedding] }));
        renameSync(temp, file);
      } catch {
        rmSync(temp, { force: true });
      }
    },
  };
}
