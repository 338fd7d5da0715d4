import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULTS } from '../../../../shared/index.ts';
import { IconButton, Slider, stickyBar } from '../../../components/index.ts';
import { neighboursOf, useMusicPlayerStore } from '../../../stores/music-player.store.ts';
import { formatDuration as formatTime } from '../../../lib/format-duration.ts';
import { songTitle } from '../song-title.ts';
import { VolumeControl } from './VolumeControl.tsx';

// audiomotion-analyzer loads with the first song, not with the app.
const SpectrumVisual = lazy(async () => ({
  default: (await import('./SpectrumVisual.tsx')).SpectrumVisual,
}));

/** Sticks to the window's foot like the sample player (the page scrolls as one above it). */
const Bar = styled.div`
  ${stickyBar('bottom')}
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  flex-wrap: wrap;
`;

const Cover = styled.img`
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radius.small};
`;

const Now = styled.div`
  width: 160px;
  min-width: 0;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Progress = styled.div`
  flex: 1;
  min-width: 200px;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-variant-numeric: tabular-nums;
  font-size: ${({ theme }) => theme.font.small};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.small};
`;

/** The music player of /songai: transport, seekable progress, times, volume and the spectrum. */
export function MusicPlayerBar() {
  const { t, i18n } = useTranslation('music');
  const state = useMusicPlayerStore(
    useShallow((s) => ({
      song: s.song,
      playList: s.playList,
      isPlaying: s.isPlaying,
      progress: s.progress,
      currentTime: s.currentTime,
      duration: s.duration,
      volume: s.volume,
      error: s.error,
    })),
  );
  const actions = useMusicPlayerStore.getState();
  const { hasPrevious, hasNext } = neighboursOf(state);
  const title = state.song ? songTitle(state.song, i18n.language) : t('nothing');
  const { min, max, step } = DEFAULTS.progressSlider;
  return (
    <Bar role="region" aria-label={t('player')} data-testid="music-player">
      {state.song && <Cover src={state.song.relayImageUrl} alt="" />}
      <Now title={title} data-testid="music-now-playing">
        {title}
      </Now>
      <IconButton
        icon="previous"
        label={t('previous')}
        disabled={!hasPrevious}
        onClick={() => void actions.previous()}
      />
      <IconButton
        icon={state.isPlaying ? 'pause' : 'play'}
        label={state.isPlaying ? t('pause') : t('play')}
        size={28}
        disabled={!state.song && state.playList.length === 0}
        onClick={() => void actions.togglePlay()}
      />
      <IconButton
        icon="next"
        label={t('next')}
        disabled={!hasNext}
        onClick={() => void actions.next()}
      />
      <Progress>
        <span data-testid="music-current-time">
          {formatTime(state.currentTime, state.duration)}
        </span>
        <Slider
          label={t('progress')}
          min={min}
          max={max}
          step={step}
          value={state.progress * 100}
          disabled={!state.song}
          onChange={(percent) => actions.seek(percent / 100)}
        />
        <span data-testid="music-duration">{formatTime(state.duration)}</span>
      </Progress>
      <VolumeControl volume={state.volume} label={t('volume')} onChange={actions.setVolume} />
      {state.song && (
        <Suspense fallback={null}>
          <SpectrumVisual label={t('visual')} />
        </Suspense>
      )}
      {state.error && (
        <ErrorText role="alert">{t('playbackFailed', { message: state.error })}</ErrorText>
      )}
    </Bar>
  );
}
