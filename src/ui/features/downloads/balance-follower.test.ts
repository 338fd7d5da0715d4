import { describe, expect, it, vi } from 'vitest';
import { balanceFollower } from './balance-follower.ts';

describe('balanceFollower', () => {
  it('shows the lowest balance of commits in flight together, whatever order they answer in', () => {
    const apply = vi.fn();
    const balance = balanceFollower(apply);
    for (let i = 0; i < 3; i++) balance.started();
    // The third commit answers first, the first one last.
    for (const quota of [17, 18, 19]) {
      balance.answered(quota);
      balance.ended();
    }
    expect(apply.mock.calls.at(-1)).toEqual([17]);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('shows the first answer after a quiet spell even when it is higher (a plan bought elsewhere)', () => {
    const apply = vi.fn();
    const balance = balanceFollower(apply);
    balance.started();
    balance.answered(3);
    balance.ended();
    balance.started();
    balance.answered(99);
    balance.ended();
    expect(apply.mock.calls).toEqual([[3], [99]]);
  });

  it('shows an unlimited balance at once', () => {
    const apply = vi.fn();
    const balance = balanceFollower(apply);
    balance.started();
    balance.started();
    balance.answered(5);
    balance.answered(null);
    expect(apply.mock.calls).toEqual([[5], [null]]);
  });
});
