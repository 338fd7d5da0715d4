import type { MusicalKey } from '../../src/shared/api/catalogue.types.ts';
import type { Rng } from './prng.ts';

/** Everything a synth voice needs to render one sample. */
export interface VoiceInput {
  rng: Rng;
  sampleRate: number;
  /** Target length of a one-shot in seconds (voices may shorten or extend within 0.2–3 s). */
  seconds: number;
  /** Musical key of tonal samples; null for unpitched sounds. */
  key: MusicalKey | null;
  /** Tempo and bar count of loops; null for one-shots. */
  bpm: number | null;
  bars: number | null;
  /** Genre flavour for loops (hip-hop, trap, pop, rnb, edm). */
  style: string;
  /** Variant hint chosen by the plan, e.g. 'open' for an open hi-hat or 'chord' for a chord. */
  variant: string;
}

/** A synth voice: returns one (mono) or two (stereo) channels of audio in −1..1. */
export type Voice = (input: VoiceInput) => Float32Array[];
