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
  it('splits while splitting is cheaper, trying one whole decode every few files', () => {
    const paths = run(new SplitPolicy(), 3 * EXPLORE_EVERY, { split: 7, whole: 10 });
    const whole = paths.flatMap((split, i) => (split ? [] : [i + 1]));
    expect(whole).toEqual([3, EXPLORE_EVERY, 2 * EXPLORE_EVERY, 3 * EXPLORE_EVERY]);
  });

  it('decodes whole once the split is seen to cost more (a busy machine), and comes back', () => {
    const policy = new SplitPolicy();
    const busy = run(policy, 2 * EXPLORE_EVERY, { split: 14, whole: 10 });
    // Two splits and one whole decode to learn, then whole decodes but for one split per round.
    expect(busy.slice(0, 3)).toEqual([true, true, false]);
    expect(busy.slice(3, EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    expect(busy[EXPLORE_EVERY - 1]).toBe(true);
    expect(busy.slice(EXPLORE_EVERY, 2 * EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    expect(busy[2 * EXPLORE_EVERY - 1]).toBe(true);
    // The load goes away: the next explorations see cheap splits and the policy turns back
    // (the running average needs two of them here), then explores whole decodes again.
    const quiet = run(policy, 4 * EXPLORE_EVERY, { split: 6, whole: 10 });
    expect(quiet.slice(0, EXPLORE_EVERY - 1).every((s) => !s)).toBe(true);
    expect(quiet.slice(-EXPLORE_EVERY, -1).every((s) => s)).toBe(true);
    expect(quiet.at(-1)).toBe(false);
  });

  it('keeps formats apart and discards the first, cold sample of a path', () => {
    const policy = new SplitPolicy();
    policy.shouldSplit('flac');
    policy.record('flac', true, 1000, 500); // helper start-up
    policy.shouldSplit('flac');
    policy.record('flac', true, 1000, 7);
    expect(policy.shouldSplit('flac')).toBe(false); // the third file: one whole decode
    policy.record('flac', false, 1000, 10);
    // 7 ms per KB split (the 500 was dropped) against 10 whole: split, until the exploration.
    for (let i = 4; i < EXPLORE_EVERY; i++) expect(policy.shouldSplit('flac')).toBe(true);
    expect(policy.shouldSplit('flac')).toBe(false);
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
