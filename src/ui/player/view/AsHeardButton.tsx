import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sample } from '../../../shared/index.ts';
import { timePitchOf } from '../../../shared/audio/sync-params.ts';
import { IconButton, Spinner } from '../../components/index.ts';
import { usePlayerStore } from '../store/player.store.ts';
import { heardAs } from '../store/project-sync.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';

/** Whether Sync changes how `song` is heard (then it has an as-heard version to download). */
export function useChangedBySync(song: Partial<Sample> & Pick<Sample, 'id'>): boolean {
  const settings = useSettingsStore((s) => s);
  const heard = heardAs(song, settings);
  return heard !== null && timePitchOf(heard) !== null;
}

/**
 * The player's "download as heard" button: the song rendered at the project's tempo and key,
 * saved as a WAV through the download flow. Shown while Sync changes the song.
 */
export function AsHeardButton({ onDownload }: { onDownload: (song: Sample) => unknown }) {
  const { t } = useTranslation('player');
  const song = usePlayerStore((s) => s.song);
  const changed = useChangedBySync(song ?? { id: 0 });
  const [busy, setBusy] = useState(false);
  // A full sample row (the player also plays songs that are not catalogue samples).
  if (!song?.audioData || !song.audioName || !changed) return null;
  if (busy) return <Spinner size={18} label={t('sync.rendering')} />;
  return (
    <IconButton
      icon="music"
      label={`${t('sync.downloadAsHeard')}: ${song.audioName}`}
      title={t('sync.downloadAsHeard')}
      onClick={() => {
        setBusy(true);
        void Promise.resolve(onDownload(song as Sample)).finally(() => setBusy(false));
      }}
    />
  );
}
