import type { TimePitch } from '../../../shared/audio/sync-params.ts';
import type { LoadedTrack, PlayerSong, StartOptions } from '../engine/playback-engine.types.ts';
import { songTimePitch } from './project-sync.ts';

/** What a start asks of the engine beyond the voice itself: when, how loud, how stretched. */
export type StartPlan = Pick<StartOptions, 'at' | 'gain' | 'timePitch'>;

/** What a planner is given: the song, its decoded track, the offset and the synced stretch. */
export interface StartContext {
  song: PlayerSong;
  track: LoadedTrack;
  /** Seconds into the track the start is at. */
  offset: number;
  /** The stretch and shift Sync gives the song (null: played as it is). */
  timePitch: TimePitch | null;
}

/** Plans a start: my beat's bar line, locked stretch and matched gain (player/beat). */
export type StartPlanner = (start: StartContext) => StartPlan;

let planner: StartPlanner | null = null;

/**
 * Sets the planner the player store asks before each start (null: none). The store may not
 * import features, so my beat registers itself here (docs/AUDIO.md, "My beat").
 */
export function setStartPlanner(next: StartPlanner | null): void {
  planner = next;
}

/** The plan of a start: the planner's, else now, at gain 1, with the song's synced stretch. */
export function planStart(song: PlayerSong, track: LoadedTrack, offset: number): StartPlan {
  const timePitch = songTimePitch(song);
  return planner ? planner({ song, track, offset, timePitch }) : { timePitch };
}
