import { DEFAULTS } from '../../../shared/index.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';
import { LOOP_TYPES, type LoopType } from '../store/player-queue.ts';
import type { IconName } from '../../components/index.ts';

/** Whether previous/next are disabled: at the ends of the play list (docs/PRODUCT.md §4), or with nothing to move to. */
export function navDisabled(
  playList: readonly PlayerSong[],
  id: number | null,
  loopType: LoopType,
): { previous: boolean; next: boolean } {
  if (playList.length < 2) return { previous: true, next: true };
  // Random picks another song whatever the position: there is no end to reach.
  if (loopType === LOOP_TYPES.random) return { previous: false, next: false };
  const index = playList.findIndex((song) => song.id === id);
  return { previous: index <= 0, next: index < 0 || index >= playList.length - 1 };
}

/** The volume icon for 0–100: high from 70, low from 30, muted below (docs/PRODUCT.md §9 thresholds). */
export function volumeIcon(volume: number): IconName {
  if (volume >= DEFAULTS.sampleVolume.highIcon) return 'volumeHigh';
  if (volume >= DEFAULTS.sampleVolume.lowIcon) return 'volumeLow';
  return 'volumeMute';
}

/** The progress slider shows only strictly between 0 and 100 (docs/PRODUCT.md §4). */
export function progressVisible(percent: number): boolean {
  return percent > DEFAULTS.progressSlider.min && percent < DEFAULTS.progressSlider.max;
}

/** Loop modes in the order the loop button cycles through them. */
const LOOP_CYCLE: readonly LoopType[] = [
  LOOP_TYPES.off,
  LOOP_TYPES.order,
  LOOP_TYPES.list,
  LOOP_TYPES.single,
  LOOP_TYPES.random,
];

/** The loop mode after `current`. */
export function nextLoopType(current: LoopType): LoopType {
  const index = LOOP_CYCLE.indexOf(current);
  return LOOP_CYCLE[(index + 1) % LOOP_CYCLE.length] ?? LOOP_TYPES.off;
}

/** The locale key and icon of a loop mode. */
export function loopMode(loopType: LoopType): {
  key: 'off' | 'order' | 'list' | 'one' | 'random';
  icon: IconName;
} {
  switch (loopType) {
    case LOOP_TYPES.order:
      return { key: 'order', icon: 'forward' };
    case LOOP_TYPES.list:
      return { key: 'list', icon: 'repeat' };
    case LOOP_TYPES.single:
      return { key: 'one', icon: 'repeatOne' };
    case LOOP_TYPES.random:
      return { key: 'random', icon: 'shuffle' };
    default:
      return { key: 'off', icon: 'repeat' };
  }
}

/** The progress slider's value for a 0–1 progress: percent rounded to the slider's 0.1 step. */
export function progressPercent(progress: number): number {
  return Math.round(Math.min(1, Math.max(0, progress)) * 1000) / 10;
}
