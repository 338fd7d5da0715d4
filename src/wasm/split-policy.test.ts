import { describe, expect, it, vi } from 'vitest';
import { decodeAudio, decodeSegmentHere } from './decode-audio.ts';
import { EXPLORE_EVERY, SplitPolicy } from './split-policy.ts';
import { libflacEncode, testSignal } from './testing/split-fixtures.ts';

/** Runs `files` decisions, answering each with the cost of the path taken; returns the paths. */
function run(policy: SplitPolicy, files: number, cost: { split: number; whole: number }) {
  const paths: boolean[] = [];
  for (let i = 0; i < files; i++) {
    const split = policy.shouldSplit('mp3');
    paths.push(split);
    policy.record('mp3', split, 1000, split ? cost.split : cost.whole);
  }
  return paths;
}

describe('SplitPolicy', () => {
  it('learns (3 split, 2 whole), then splits while cheaper, one whole file every few', () => {
    const paths = run(new SplitPolicy(), 3 * EXPLORE_EVERY, { split: 7, whole: 10 });
    const whole = paths.flatMap((split, i) => (split ? [] : [i + 1]));
    expect(whole).toEqual([4, 5, EXPLORE_EVERY, 2 * EXPLORE_EVERY, 3 * EXPLORE_EVERY]);
  });

  it('decodes whole while the split costs more (a busy machine), and comes back', () => {
    const policy = new SplitPolicy();
    const busy = run(policy, 2 * EXPLORE_EVERY, { split: 14, whole: 10 });
    expect(busy.slice(0, 5)).toEqual([true, true, true, false, false]);
    expect(busy.slice(5, EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    expect(busy[EXPLORE_EVERY - 1]).toBe(true);
    expect(busy.slice(EXPLORE_EVERY, 2 * EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    // The load goes away: the next exploration sees a cheap split and the policy turns back.
    const quiet = run(policy, 3 * EXPLORE_EVERY, { split: 6, whole: 10 });
    expect(quiet.slice(0, EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    expect(quiet[EXPLORE_EVERY - 1]).toBe(true);
    expect(quiet.slice(EXPLORE_EVERY, 2 * EXPLORE_EVERY - 1).every((s) => s)).toBe(true);
    expect(quiet[2 * EXPLORE_EVERY - 1]).toBe(false);
  });

  it('keeps formats apart, skips the cold first split and goes by the cheapest recent cost', () => {
    const policy = new SplitPolicy();
    const costs = [500, 9, 9, 10, 10]; // helper start-up, two splits, two whole decodes
    for (const cost of costs) {
      const split = policy.shouldSplit('flac');
      policy.record('flac', split, 1000, cost);
    }
    expect(policy.shouldSplit('flac')).toBe(true); // 9 < 10: the 500 was not counted
    policy.record('flac', true, 1000, 40); // one slow split (a busy moment) does not flip it
    expect(policy.shouldSplit('flac')).toBe(true);
    expect(policy.shouldSplit('mp3')).toBe(true);
  });

  it('decodeAudio asks it, decodes whole when told, and reports the time of the path taken', async () => {
    const bytes = await libflacEncode(testSignal(2, 441000, 44100), 44100);
    const policy = new SplitPolicy();
    const shouldSplit = vi.spyOn(policy, 'shouldSplit').mockReturnValue(false);
    const record = vi.spyOn(policy, 'record');
    const decodeSegment = vi.fn(decodeSegmentHere);
    const whole = await decodeAudio(bytes, { decodeSegment, splitPolicy: policy });
    expect(decodeSegment).not.toHaveBeenCalled();
    expect(whole.splitAt).toBeUndefined();
    expect(record).toHaveBeenLastCalledWith('flac', false, bytes.length, expect.any(Number));
    shouldSplit.mockReturnValue(true);
    const split = await decodeAudio(bytes, { decodeSegment, splitPolicy: policy });
    expect(split.splitAt).toBeGreaterThan(0);
    expect(record).toHaveBeenLastCalledWith('flac', true, bytes.length, expect.any(Number));
  });
});
