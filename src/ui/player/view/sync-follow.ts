import { useEffect } from 'react';
import { timePitchOf } from '../../../shared/audio/sync-params.ts';
import type { PlaybackEngine } from '../engine/playback-engine.types.ts';
import { getAudioEngine } from '../engine/audio-runtime.ts';
import { usePlayerStore } from '../store/player.store.ts';
import { heardAs } from '../store/project-sync.ts';
import { useSettingsStore, type Settings } from '../../stores/settings.store.ts';

/** The settings synced audition follows. */
type SyncSettings = Pick<Settings, 'sync' | 'projectTempo' | 'projectKey'>;

/**
 * Carries a change of the project tempo, key or Sync over to what plays now: a synced voice takes
 * a new stretch and shift as it plays (no restart, no gap); a voice that must change path (Sync
 * turned on or off, a plain voice that now needs a stretch) restarts where it is, cross-faded.
 */
export function followProjectSync(
  prev: SyncSettings,
  next: SyncSettings,
  engine: Pick<PlaybackEngine, 'setTimePitch'>,
): void {
  const player = usePlayerStore.getState();
  if (!player.song || !player.isPlaying) return;
  const before = heardAs(player.song, prev);
  const after = heardAs(player.song, next);
  const wanted = after && timePitchOf(after);
  if (prev.sync && next.sync && engine.setTimePitch(wanted)) return;
  if (!(before && timePitchOf(before)) && !wanted) return;
  void player.seek(player.progress);
}

/** Follows the sync settings while the player bar is mounted; with Sync on, a voice is made ahead. */
export function useSyncFollow(): void {
  const sync = useSettingsStore((s) => s.sync);
  useEffect(() => {
    if (!sync || typeof AudioContext === 'undefined') return;
    getAudioEngine()
      .synced.prepare()
      .catch((error: unknown) => console.error('[sync] stretch voice', error));
  }, [sync]);
  useEffect(
    () =>
      useSettingsStore.subscribe((next, prev) => {
        if (
          next.sync === prev.sync &&
          next.projectTempo === prev.projectTempo &&
          next.projectKey === prev.projectKey
        )
          return;
        if (typeof AudioContext === 'undefined') return;
        followProjectSync(prev, next, getAudioEngine());
      }),
    [],
  );
}
