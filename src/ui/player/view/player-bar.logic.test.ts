import { describe, expect, it } from 'vitest';
import { LOOP_TYPES, type LoopType } from '../store/player-queue.ts';
import {
  navDisabled,
  nextLoopType,
  progressPercent,
  progressVisible,
  volumeIcon,
} from './player-bar.logic.ts';

const list = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('bottom player rules', () => {
  it('disables previous at the first song and next at the last', () => {
    expect(navDisabled(list, 1, LOOP_TYPES.off)).toEqual({ previous: true, next: false });
    expect(navDisabled(list, 2, LOOP_TYPES.list)).toEqual({ previous: false, next: false });
    expect(navDisabled(list, 3, LOOP_TYPES.single)).toEqual({ previous: false, next: true });
  });

  it('disables both with fewer than two songs, and enables both in random mode', () => {
    expect(navDisabled([{ id: 1 }], 1, LOOP_TYPES.random)).toEqual({ previous: true, next: true });
    expect(navDisabled([], null, LOOP_TYPES.off)).toEqual({ previous: true, next: true });
    expect(navDisabled(list, 3, LOOP_TYPES.random)).toEqual({ previous: false, next: false });
  });

  it('picks the volume icon at the 70 and 30 thresholds', () => {
    expect(volumeIcon(100)).toBe('volumeHigh');
    expect(volumeIcon(70)).toBe('volumeHigh');
    expect(volumeIcon(69)).toBe('volumeLow');
    expect(volumeIcon(30)).toBe('volumeLow');
    expect(volumeIcon(29)).toBe('volumeMute');
    expect(volumeIcon(0)).toBe('volumeMute');
  });

  it('hides the progress slider at exactly 0 and 100', () => {
    expect(progressVisible(0)).toBe(false);
    expect(progressVisible(100)).toBe(false);
    expect(progressVisible(0.1)).toBe(true);
    expect(progressVisible(99.9)).toBe(true);
    expect(progressPercent(0.12345)).toBe(12.3);
    expect(progressPercent(2)).toBe(100);
  });

  it('cycles the loop modes through random and back', () => {
    const seen: LoopType[] = [LOOP_TYPES.off];
    for (let i = 0; i < 5; i++) seen.push(nextLoopType(seen.at(-1)!));
    expect(seen).toEqual([0, 4, 1, 3, 2, 0]);
  });
});
