import type { Sample } from '../../../shared/index.ts';
import { usePlayerStore, type PlayOptions } from '../../stores/player.store.ts';
import { useAuditionMode } from './audition-mode.store.ts';

/** Rows of a list by index, undefined where a page has not loaded. */
type RowList = readonly (Sample | undefined)[];

/** Playback failures the store did not turn into `lastError` (e.g. no Web Audio): log them. */
function logFailure(error: unknown): void {
  console.error('[player] playback failed', error);
}

/**
 * Starts a sample of a list: the list becomes the play list (next/previous walk it), and the
 * audition toggle picks the preview when the sample has one.
 */
function startFromList(sample: Sample, list: RowList, options: PlayOptions): void {
  const player = usePlayerStore.getState();
  player.setPlayList(list.filter((row): row is Sample => row !== undefined));
  const audition = useAuditionMode.getState().on && Boolean(sample.auditionCode);
  player.playSong(sample, { ...options, audition }).catch(logFailure);
}

const isCurrent = (sample: Sample) => {
  const { id, song } = usePlayerStore.getState();
  return id === sample.id && song !== null;
};

/** A row click or ↑/↓: plays the sample from the start, its list as the play list. */
export function playFromList(sample: Sample, list: RowList): void {
  startFromList(sample, list, { actionType: 'row' });
}

/** Space on a row: pause/resume when it is the current song, else play it. */
export function toggleSample(sample: Sample, list: RowList): void {
  if (isCurrent(sample)) usePlayerStore.getState().togglePlay().catch(logFailure);
  else playFromList(sample, list);
}

/** A click on a row's waveform: seeks the current song there, or starts the row at that point. */
export function seekSample(sample: Sample, fraction: number, list: RowList): void {
  const to = Math.min(1, Math.max(0, fraction));
  if (isCurrent(sample)) usePlayerStore.getState().seek(to).catch(logFailure);
  else startFromList(sample, list, { actionType: 'seek', startProgress: to });
}

/** ←/→: moves the current song by a fraction of its length. */
export function seekBy(delta: number): void {
  const { song, progress, seek } = usePlayerStore.getState();
  if (song) seek(Math.min(1, Math.max(0, progress + delta))).catch(logFailure);
}
