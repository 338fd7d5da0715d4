import { usePlayerStore } from '../store/player.store.ts';
import { setStartPlanner } from '../store/start-plan.ts';
import { planWithBeat } from './beat-planner.ts';
import { useMyBeatStore } from './my-beat.store.ts';

let started = false;

/**
 * Hooks my beat into the player once: the start planner (bar lines, locked stretch, matched
 * loudness), the beat kept in IndexedDB brought back, and the beat stopped when the player
 * pauses (a producer's transport stops both).
 */
export function setUpMyBeat(): void {
  if (started) return;
  started = true;
  setStartPlanner(planWithBeat);
  void useMyBeatStore.getState().restoreBeat();
  usePlayerStore.subscribe((state, previous) => {
    if (state.phase === 'paused' && previous.phase !== 'paused')
      useMyBeatStore.getState().stopBeat();
  });
}
