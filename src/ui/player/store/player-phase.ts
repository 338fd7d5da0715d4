/**
 * The sample player's named phases and the pure transition between them (docs/AUDIO.md,
 * "Player store"). The store keeps its state in a phase and derives the flags of
 * docs/PRODUCT.md §3 (`isPlaying`, `isPause`) and `isLoading` from it.
 */

/** Where the player is: nothing started or ended, waiting for audio, sounding, paused, failed. */
export type PlayerPhase = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

/**
 * What happens to the player:
 * - `load`: a play request waits for its audio (from any phase: a click can come at any time);
 * - `play`: a voice started (its audio loaded, or a decoded track started at once, from any phase);
 * - `hold`: the request waits for a user gesture (autoplay policy), nothing plays;
 * - `cancel`: the request was aborted with nothing to replace it;
 * - `pause`: the user paused what plays or loads;
 * - `end`: the voice played to its end;
 * - `fail`: the load failed, or a preview's file failed decryption;
 * - `reset`: back to the start (tests, logout).
 */
export type PlayerEvent = 'load' | 'play' | 'hold' | 'cancel' | 'pause' | 'end' | 'fail' | 'reset';

/** The phases each event may leave from; an event from any other phase is ignored. */
const FROM: Record<PlayerEvent, readonly PlayerPhase[] | 'any'> = {
  load: 'any',
  play: 'any',
  hold: ['loading'],
  cancel: ['loading'],
  pause: ['loading', 'playing'],
  end: ['playing'],
  fail: ['loading', 'playing'],
  reset: 'any',
};

/** The phase each event leads to. */
const TO: Record<PlayerEvent, PlayerPhase> = {
  load: 'loading',
  play: 'playing',
  hold: 'idle',
  cancel: 'idle',
  pause: 'paused',
  end: 'idle',
  fail: 'error',
  reset: 'idle',
};

/** The phase after `event` in `phase`: the same phase when the event is illegal there. */
export function transition(phase: PlayerPhase, event: PlayerEvent): PlayerPhase {
  const from = FROM[event];
  return from === 'any' || from.includes(phase) ? TO[event] : phase;
}

/** The flags the store publishes with its phase (docs/PRODUCT.md §3 `isPlaying`, `isPause`). */
export interface PhaseFlags {
  phase: PlayerPhase;
  isPlaying: boolean;
  isPause: boolean;
  isLoading: boolean;
}

/** The phase with the flags derived from it. */
export function phaseFlags(phase: PlayerPhase): PhaseFlags {
  return {
    phase,
    isPlaying: phase === 'playing',
    isPause: phase === 'paused',
    isLoading: phase === 'loading',
  };
}

/** Playing or about to (loading): the player shows "pause", a row shows it is the one playing. */
export const isActive = (state: { phase: PlayerPhase }): boolean =>
  state.phase === 'playing' || state.phase === 'loading';

/** Selector: row `id` is the current song and it plays or loads. */
export const isActiveRow =
  (id: number) =>
  (state: { phase: PlayerPhase; id: number | null }): boolean =>
    state.id === id && isActive(state);
