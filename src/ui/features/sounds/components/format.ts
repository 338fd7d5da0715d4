import type { Sample } from '../../../../shared/index.ts';

/** m:ss for a duration in seconds (samples are short; hours are not expected). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

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
