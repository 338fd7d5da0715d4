import type { DetectedField, Language, Sample } from '../../../../shared/index.ts';
import { formatBpm, type HeardAs } from '../../../../shared/audio/sync-params.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { typeLabel, type CatalogueLabels } from '../model/catalogue-labels.store.ts';
import { loopBars } from '../model/loop-bars.ts';

/** One text cell of a row: its text, an optional second line, and whether it hides when narrow. */
interface RowTextCell {
  text: string;
  /** A smaller second line (a loop's length in bars under its duration). */
  sub?: string;
  meta: boolean;
  /** The audio analysis detected this value (the cell carries DetectedMark). */
  detected?: boolean;
}

/** Whether the audio analysis detected a sample's key or BPM (not the pack's label). */
export const isDetected = (sample: Sample, field: DetectedField): boolean =>
  sample.detected?.includes(field) ?? false;

/** What the row text needs besides the sample: names of types, the language, and "N bars". */
export interface RowTextContext {
  labels: CatalogueLabels;
  language: Language;
  bars(count: number): string;
  /** With Sync on, how a sample is heard in the project (its key and tempo shown as "93 → 120"). */
  heard?: (sample: Sample) => HeardAs | null;
}

/**
 * The text cells of a sample row after its waveform, in column order: type · group (in the UI's
 * language), key, BPM and duration (with a loop's bars); `meta` cells (key, BPM) hide on narrow
 * screens (ROW_COLUMNS).
 */
export function rowTextCells(sample: Sample, context: RowTextContext): RowTextCell[] {
  const bars = sample.audioData.kind === 'loop' ? loopBars(sample.duration, sample.audioBpm) : null;
  const heard = context.heard?.(sample);
  return [
    { text: typeLabel(context.labels, sample, context.language), meta: false },
    {
      text: sample.audioKey ?? '—',
      sub: heard?.key ? `→ ${heard.key}` : undefined,
      meta: true,
      detected: isDetected(sample, 'key'),
    },
    {
      text: String(sample.audioBpm ?? '—'),
      sub: heard?.bpm ? `→ ${formatBpm(heard.bpm)}` : undefined,
      meta: true,
      detected: isDetected(sample, 'bpm'),
    },
    {
      text: formatDuration(sample.duration),
      sub: bars === null ? undefined : context.bars(bars),
      meta: false,
    },
  ];
}
