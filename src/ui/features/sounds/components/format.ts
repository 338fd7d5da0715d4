import type { Sample } from '../../../../shared/index.ts';
import { formatDuration } from '../../../lib/format-duration.ts';

/**
 * The text cells of a sample row after its waveform, in column order: kind · group, key, BPM and
 * duration; `meta` cells (key, BPM) hide on narrow screens (ROW_COLUMNS).
 */
export function rowTextCells(sample: Sample): { text: string; meta: boolean }[] {
  return [
    { text: `${sample.audioType} · ${sample.audioGroup}`, meta: false },
    { text: sample.audioKey ?? '—', meta: true },
    { text: String(sample.audioBpm ?? '—'), meta: true },
    { text: formatDuration(sample.duration), meta: false },
  ];
}
