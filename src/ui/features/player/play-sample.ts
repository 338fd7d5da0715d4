import type { Sample } from '../../../shared/index.ts';
import { usePlayerStore } from '../../stores/player.store.ts';
import { useAuditionMode } from './audition-mode.store.ts';

/** Playback failures the store did not turn into `lastError` (e.g. no Web Audio): log them. */
function logFailure(error: unknown): void {
  console.error('[player] playback failed', error);
}

/**
 * Plays a sample from a list: the list becomes the play list (next/previous walk it), and the
 * audition toggle picks the preview when the sample has one.
 */
export function playFromList(sample: Sample, list: readonly (Sample | undefined)[]): void {
  const player = usePlayerStore.getState();
  player.setPlayList(list.filter((row): row is Sample => row !== undefined));
  const audition = useAuditionMode.getState().on && Boolean(sample.auditionCode);
  player.playSong(sample, { actionType: 'row', audition }).catch(logFailure);
}

/** Space on a row: pause/resume when it is the current song, else play it. */
export function toggleSample(sample: Sample, list: readonly (Sample | undefined)[]): void {
  const player = usePlayerStore.getState();
  if (player.id === sample.id && player.song) {
    player.togglePlay().catch(logFailure);
    return;
  }
  playFromList(sample, list);
}

/** Seeks the current song by a fraction of its length (←/→), or to a fraction of a row's waveform. */
export function seekSample(
  sample: Sample,
  fraction: number,
  list: readonly (Sample | undefined)[],
): void {
  const player = usePlayerStore.getState();
  const to = Math.min(1, Math.max(0, fraction));
  if (player.id === sample.id && player.song) {
    player.seek(to).catch(logFailure);
    return;
  }
  player.setPlayList(list.filter((row): row is Sample => row !== undefined));
  const audition = useAuditionMode.getState().on && Boolean(sample.auditionCode);
  player.playSong(sample, { actionType: 'seek', startProgress: to, audition }).catch(logFailure);
}
