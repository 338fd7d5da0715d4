import { describe, expect, it } from 'vitest';
import {
  isActive,
  isActiveRow,
  phaseFlags,
  transition,
  type PlayerEvent,
  type PlayerPhase,
} from './player-phase.ts';

const PHASES: PlayerPhase[] = ['idle', 'loading', 'playing', 'paused', 'error'];
const EVENTS: PlayerEvent[] = ['load', 'play', 'hold', 'cancel', 'pause', 'end', 'fail', 'reset'];

/**
 * Every phase × event, written out by hand (not derived from the module's tables): where each
 * event leads from each phase (columns in the order of EVENTS); `·` marks an illegal event, which
 * leaves the phase as it is.
 */
const TABLE: Record<PlayerPhase, (PlayerPhase | '·')[]> = {
  idle: ['loading', 'playing', '·', '·', '·', '·', '·', 'idle'],
  loading: ['loading', 'playing', 'idle', 'idle', 'paused', '·', 'error', 'idle'],
  playing: ['loading', 'playing', '·', '·', 'paused', 'idle', 'error', 'idle'],
  paused: ['loading', 'playing', '·', '·', '·', '·', '·', 'idle'],
  error: ['loading', 'playing', '·', '·', '·', '·', '·', 'idle'],
};

describe('the player phase machine', () => {
  for (const phase of PHASES)
    for (const event of EVENTS) {
      const expected = TABLE[phase][EVENTS.indexOf(event)]!;
      it(`${phase} + ${event} → ${expected === '·' ? `${phase} (ignored)` : expected}`, () => {
        expect(transition(phase, event)).toBe(expected === '·' ? phase : expected);
      });
    }

  it('a whole play: load, play, pause, play again, end; a late end or pause changes nothing', () => {
    const run = (events: PlayerEvent[]) => events.reduce(transition, 'idle' as PlayerPhase);
    expect(run(['load', 'play', 'pause', 'load', 'play', 'end'])).toBe('idle');
    expect(run(['load', 'play', 'pause', 'end', 'fail'])).toBe('paused');
    expect(run(['load', 'fail', 'pause', 'end'])).toBe('error');
    expect(run(['load', 'hold', 'pause'])).toBe('idle');
  });

  it('derives the flags of docs/PRODUCT.md §3 from the phase, one at most', () => {
    expect(phaseFlags('idle')).toEqual({
      phase: 'idle',
      isPlaying: false,
      isPause: false,
      isLoading: false,
    });
    expect(phaseFlags('playing')).toMatchObject({ isPlaying: true, isPause: false });
    expect(phaseFlags('paused')).toMatchObject({ isPlaying: false, isPause: true });
    expect(phaseFlags('loading')).toMatchObject({ isPlaying: false, isLoading: true });
    expect(phaseFlags('error')).toMatchObject({
      isPlaying: false,
      isPause: false,
      isLoading: false,
    });
  });

  it('is active while loading or playing, for the row that is the current song', () => {
    expect(PHASES.filter((phase) => isActive({ phase }))).toEqual(['loading', 'playing']);
    expect(isActiveRow(3)({ phase: 'playing', id: 3 })).toBe(true);
    expect(isActiveRow(3)({ phase: 'loading', id: 3 })).toBe(true);
    expect(isActiveRow(3)({ phase: 'playing', id: 4 })).toBe(false);
    expect(isActiveRow(3)({ phase: 'paused', id: 3 })).toBe(false);
  });
});
