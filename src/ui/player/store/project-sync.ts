import {
  syncParams,
  timePitchOf,
  type HeardAs,
  type TimePitch,
} from '../../../shared/audio/sync-params.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';
import { useSettingsStore, type Settings } from '../../stores/settings.store.ts';

/** The sync settings a sample is heard with. */
type SyncSettings = Pick<Settings, 'sync' | 'projectTempo' | 'projectKey'>;

/**
 * How `song` is heard with the project's sync settings: null with Sync off, else its stretch,
 * shift, tempo and key (src/shared/audio/sync-params.ts).
 */
export function heardAs(
  song: PlayerSong,
  settings: SyncSettings = useSettingsStore.getState(),
): HeardAs | null {
  if (!settings.sync) return null;
  return syncParams(
    { kind: song.audioData?.kind, bpm: song.audioBpm, key: song.audioKey },
    { tempo: settings.projectTempo, key: settings.projectKey },
  );
}

/**
 * The fastest `song`'s first frames are played with Sync now: its stretch, or the lead's
 * resampling to the shifted pitch when that is faster (synced-lead.ts); 1 without Sync.
 */
export function previewSpeed(song: PlayerSong): number {
  const tp = songTimePitch(song);
  return tp ? Math.max(tp.rate, 2 ** (tp.semitones / 12)) : 1;
}

/** The stretch and shift the engine plays `song` with now: null plays it as it is. */
export function songTimePitch(song: PlayerSong | null): TimePitch | null {
  const heard = song && heardAs(song);
  return heard ? timePitchOf(heard) : null;
}
