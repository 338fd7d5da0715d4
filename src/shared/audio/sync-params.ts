import type { MusicalKey, SampleKind } from '../api/catalogue.types.ts';
import { joinKey, splitKey, TONICS } from '../api/musical-keys.ts';

/** Project tempo bounds (BPM), as the player bar's input takes them. */
export const PROJECT_TEMPO = { min: 40, max: 240 } as const;

/** The project a producer auditions for: its tempo (BPM) and key, either unset. */
export interface ProjectSync {
  tempo: number | null;
  key: MusicalKey | null;
}

/** Time stretch (playback rate of the material, 1 = as recorded) and pitch shift in semitones. */
export interface TimePitch {
  rate: number;
  semitones: number;
}

/** What a sample needs to be synced: its kind, tempo and key (any may be missing). */
export interface SyncableSample {
  kind?: SampleKind | null;
  bpm?: number | null;
  key?: MusicalKey | null;
}

/** How a sample is heard in the project: the stretch and shift, and the tempo and key that gives. */
export interface HeardAs extends TimePitch {
  /** The tempo it is heard at (the project's), null when it is not stretched. */
  bpm: number | null;
  /** The key it is heard in (the project's, or its relative), null when it is not shifted. */
  key: MusicalKey | null;
}

/** A valid project tempo: a finite BPM within PROJECT_TEMPO. */
export const isProjectTempo = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= PROJECT_TEMPO.min && v <= PROJECT_TEMPO.max;

/**
 * The stretch that brings a loop of `bpm` to the project `tempo`: of the loop's half, own and
 * double tempo, the one nearest the project's (by ratio, as tempo is heard), so a 70 BPM loop in
 * a 140 BPM project plays as it is (double time) rather than twice as fast.
 */
export function tempoRate(bpm: number, tempo: number): number {
  let best = bpm;
  for (const candidate of [bpm / 2, bpm * 2])
    if (Math.abs(Math.log(tempo / candidate)) < Math.abs(Math.log(tempo / best))) best = candidate;
  return tempo / best;
}

/**
 * The shift (−6…+5 semitones) from a sample's key to the project's. Across modes the target is
 * the project key's relative in the sample's mode, so an Am sample in a C project is not moved.
 */
export function keyShift(sample: MusicalKey, project: MusicalKey): number {
  const from = splitKey(sample);
  const to = splitKey(project);
  let target = TONICS.indexOf(to.tonic);
  if (from.mode !== to.mode) target += to.mode === 'major' ? -3 : 3;
  const up = (((target - TONICS.indexOf(from.tonic)) % 12) + 12) % 12;
  return up >= 6 ? up - 12 : up;
}

/** A key moved by `semitones` in its own mode (Am + 2 → Bm). */
function transposeKey(key: MusicalKey, semitones: number): MusicalKey {
  const { tonic, mode } = splitKey(key);
  return joinKey(TONICS[(((TONICS.indexOf(tonic) + semitones) % 12) + 12) % 12]!, mode);
}

/**
 * How `sample` is heard in `project` with Sync on: loops with a tempo are stretched to the
 * project tempo (tempoRate), every sample with a key is shifted to the project key (keyShift).
 * A sample neither applies to is heard as it is: rate 1, 0 semitones, bpm and key null.
 */
export function syncParams(sample: SyncableSample, project: ProjectSync): HeardAs {
  const stretch =
    sample.kind === 'loop' &&
    typeof sample.bpm === 'number' &&
    sample.bpm > 0 &&
    isProjectTempo(project.tempo);
  const shift = !!sample.key && !!project.key;
  const semitones = shift ? keyShift(sample.key!, project.key!) : 0;
  return {
    rate: stretch ? tempoRate(sample.bpm!, project.tempo!) : 1,
    semitones,
    bpm: stretch ? project.tempo : null,
    key: shift ? transposeKey(sample.key!, semitones) : null,
  };
}

/** The stretch and shift to hand the engine: null when the sample plays as it is. */
export function timePitchOf(heard: HeardAs): TimePitch | null {
  return heard.rate === 1 && heard.semitones === 0
    ? null
    : { rate: heard.rate, semitones: heard.semitones };
}

/** A tempo as shown and named: whole BPM as an integer, else up to two decimals (93.5). */
export const formatBpm = (bpm: number): string => String(Math.round(bpm * 100) / 100);

/** The file name of a sample rendered as heard: `<name> (120 BPM, Cm).wav`. */
export function asHeardFileName(name: string, heard: HeardAs): string {
  const parts = [
    ...(heard.bpm !== null ? [`${formatBpm(heard.bpm)} BPM`] : []),
    ...(heard.key !== null ? [heard.key] : []),
  ];
  return parts.length ? `${name} (${parts.join(', ')}).wav` : `${name}.wav`;
}

/** Frames an as-heard render of `frames` source frames has at `rate`, looped `passes` times. */
export const renderedFrames = (frames: number, rate: number, passes = 1): number =>
  Math.round((frames * passes) / rate);
