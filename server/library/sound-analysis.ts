// What the audio analysis (src/analysis) found in a sample, as the library stores it, and the
// rule that picks the effective key, BPM and kind (docs/LIBRARY.md "Stored analysis").
import { EMBEDDING_SIZE, keyToLabel, type SoundAnalysis } from '../../src/analysis/index.ts';
import type { MusicalKey, SampleKind } from '../../src/shared/api/catalogue.types.ts';

/** Where an effective value came from: the pack's own metadata, or the audio analysis. */
export type ValueSource = 'pack' | 'detected';

/** The analysis of one sample in storable form. */
export interface StoredAnalysis {
  detectedBpm: number | null;
  detectedKey: MusicalKey | null;
  detectedKind: SampleKind;
  lufs: number;
  truePeakDb: number;
  /** EMBEDDING_SIZE floats, L2-normalised. */
  embedding: Float32Array;
}

/** The effective metadata of a sample and the source of each value. */
export interface EffectiveMetadata {
  audioKey: MusicalKey | null;
  bpm: number | null;
  kind: SampleKind;
  /** null: nobody said (no shipped value, nothing detected). */
  keySource: ValueSource | null;
  bpmSource: ValueSource | null;
  kindSource: ValueSource;
}

/** The analysis's answer in the library's terms (key label, BPM to one decimal). */
export function toStoredAnalysis(analysis: SoundAnalysis): StoredAnalysis {
  return {
    detectedBpm: analysis.bpm === null ? null : Math.round(analysis.bpm * 10) / 10,
    detectedKey: analysis.key === null ? null : keyToLabel(analysis.key),
    detectedKind: analysis.kind,
    lufs: Math.round(analysis.lufs * 100) / 100,
    truePeakDb: Math.round(analysis.truePeakDb * 100) / 100,
    embedding: analysis.embedding,
  };
}

/**
 * The effective key, BPM and kind. A value whose source is 'pack' stays, null included (a
 * generator that ships "no key" for a kick knows better than a detector); any other value is
 * replaced by the detected one. A detected BPM counts only for a loop, and is rounded to a whole
 * beat, as the BPM filter and column take it.
 */
export function effectiveMetadata(
  current: EffectiveMetadata,
  detected: StoredAnalysis,
): EffectiveMetadata {
  const kind = current.kindSource === 'pack' ? current.kind : detected.detectedKind;
  const out: EffectiveMetadata = { ...current, kind };
  if (current.kindSource !== 'pack') out.kindSource = 'detected';
  if (current.keySource !== 'pack') {
    out.audioKey = detected.detectedKey;
    out.keySource = detected.detectedKey === null ? null : 'detected';
  }
  if (current.bpmSource !== 'pack') {
    const bpm = kind === 'loop' && detected.detectedBpm !== null ? detected.detectedBpm : null;
    out.bpm = bpm === null ? null : Math.round(bpm);
    out.bpmSource = bpm === null ? null : 'detected';
  }
  return out;
}

/** An embedding as its BLOB: EMBEDDING_SIZE little-endian Float32 values. */
export function encodeEmbedding(embedding: Float32Array): Uint8Array {
  if (embedding.length !== EMBEDDING_SIZE)
    throw new RangeError(`an embedding has ${EMBEDDING_SIZE} values, got ${embedding.length}`);
  const bytes = new Uint8Array(EMBEDDING_SIZE * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < EMBEDDING_SIZE; i++) view.setFloat32(i * 4, embedding[i]!, true);
  return bytes;
}

/** The embedding of a BLOB written by encodeEmbedding, or null for anything else. */
export function decodeEmbedding(blob: Uint8Array | null | undefined): Float32Array | null {
  if (!blob || blob.byteLength !== EMBEDDING_SIZE * 4) return null;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  return Float32Array.from({ length: EMBEDDING_SIZE }, (_, i) => view.getFloat32(i * 4, true));
}
