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
 * How fast `song`'s first frames are used up with Sync now: its stretch (1 without Sync). The
 * lead's faster resampling to a shifted pitch lasts ~50 ms (synced-lead.ts): left out.
 */
export function previewSpeed(song: PlayerSong): number {
  return songTimePitch(song)?.rate ?? 1;
}

/** The stretch and shift the engine plays `song` with now: null plays it as it is. */
export function songTimePitch(song: PlayerSong | null): TimePitch | null {
  const heard = song && heardAs(song);
  return heard ? timePitchOf(heard) : null;
}
