import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { DEFAULTS } from '../../../shared/index.ts';
import {
  BarPopup,
  coverThumb,
  ellipsis,
  Icon,
  IconButton,
  Slider,
  stickyBar,
  Switch,
} from '../../components/index.ts';
import { isActive, usePlayerStore } from '../store/player.store.ts';
import { DownloadFolderButton, type DawDrag } from '../../features/downloads/index.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useAuditionMode } from '../store/audition-mode.store.ts';
import { LiveSpectrum } from './LiveSpectrum.tsx';
import {
  loopMode,
  navDisabled,
  nextLoopType,
  progressPercent,
  progressVisible,
  volumeIcon,
} from './player-bar.logic.ts';
import { PlayListPopup } from './PlayListPopup.tsx';
import { useFailureToast, useSpaceToggle, useTruncatedToast } from './player-bar.effects.ts';
import { playerAnalyser } from './player-analyser.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { ProjectSyncControls } from './ProjectSyncControls.tsx';
import { useSyncFollow } from './sync-follow.ts';
import { AsHeardButton } from './AsHeardButton.tsx';
import { dragOutProps } from './player-drag.ts';
import type { Sample } from '../../../shared/index.ts';

/** My beat loads after the bar (its analysis and planner stay out of the first bundle). */
const BeatControl = lazy(() =>
  import('../beat/index.ts').then((m) => ({ default: m.BeatControl })),
);

/** Below this width the bar is a mini player (px). */
const MINI_WIDTH = 600;
/** Below this width the bar leaves the live spectrum out (px). */
const ROOMY_WIDTH = 960;

/** Controls a mini player leaves out; lays them out as if it were not there on wider screens. */
const Extras = styled.div`
  display: contents;
`;

/**
 * Sticks to the window's foot (the page scrolls as one above it). Under 600 px it is a mini
 * player: the name, play and the main buttons on one line, the progress on a second, the rest
 * hidden (docs/UI.md "Layout by width").
 */
const Bar = styled.section`
  ${stickyBar('bottom')}
  min-height: 64px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  /* Mid widths: the spectrum goes first, so the times and progress keep their room. */
  @media (max-width: ${ROOMY_WIDTH - 1}px) {
    gap: ${({ theme }) => theme.space(2)};
    & > [data-roomy] {
      display: none;
    }
  }
  @media (max-width: ${MINI_WIDTH - 1}px) {
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
    min-height: 0;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    & > [data-wide] {
      display: none;
    }
  }
`;

const Now = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  width: 220px;
  @media (max-width: ${ROOMY_WIDTH - 1}px) {
    width: 150px;
  }
  @media (max-width: ${MINI_WIDTH - 1}px) {
    flex: 1;
    width: auto;
  }
  & img {
    ${coverThumb(40)}
  }
  & span {
    ${ellipsis}
  }
`;

const Middle = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 140px;
  @media (max-width: ${MINI_WIDTH - 1}px) {
    order: 1;
    flex-basis: 100%;
  }
`;

/** Keeps the progress row's height while no slider shows (the slider shows only mid-play). */
const Track = styled.div`
  flex: 1;
  min-width: 80px;
  min-height: 20px;
  display: flex;
  align-items: center;
`;

const Time = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
  white-space: nowrap;
`;

const volumeLayout = css`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  & > input {
    width: 100px;
  }
`;

const Volume = styled.div`
  ${volumeLayout}
`;

/** The narrow screen's volume: its button opens the slider above it. */
const VolumePopup = styled(BarPopup)`
  ${volumeLayout}
`;

const volumePanel = css`
  width: 160px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
`;

function VolumeControl() {
  const { t } = useTranslation('player');
  const volume = usePlayerStore((s) => s.volume);
  const narrow = useMediaQuery(`(max-width: ${DEFAULTS.breakpoints.volumePopup - 1}px)`);
  const { min, max, step } = DEFAULTS.sampleVolume;
  const slider = (
    <Slider
      label={t('volume')}
      min={min}
      max={max}
      step={step}
      value={volume}
      onChange={(value) => usePlayerStore.getState().setVolume(value)}
    />
  );
  if (!narrow)
    return (
      <Volume>
        <Icon name={volumeIcon(volume)} title={t('volumeButton', { value: volume })} />
        {slider}
      </Volume>
    );
  return (
    <VolumePopup
      panelCss={volumePanel}
      trigger={{ icon: volumeIcon(volume), label: t('volumeButton', { value: volume }) }}
    >
      {slider}
    </VolumePopup>
  );
}

function ProgressControl() {
  const { t } = useTranslation('player');
  const progress = usePlayerStore((s) => s.progress);
  const [dragging, setDragging] = useState<number | null>(null);
  const percent = dragging ?? progressPercent(progress);
  const { min, max, step } = DEFAULTS.progressSlider;
  return (
    <Track>
      {progressVisible(percent) && (
        <Slider
          label={t('progress')}
          min={min}
          max={max}
          step={step}
          value={percent}
          onChange={setDragging}
          onCommit={(value) => {
            setDragging(null);
            void usePlayerStore.getState().seek(value / 100);
          }}
        />
      )}
    </Track>
  );
}

/** Props of SamplePlayerBar. */
interface SamplePlayerBarProps {
  /** Download as heard (the sounds feature's flow); its button shows while Sync changes the song. */
  onDownloadAsHeard?: (song: Sample) => unknown;
  /** The desktop shell's drag into the DAW (the sounds feature's): the song and its picture drag out. */
  dawDrag?: () => DawDrag;
}

/** The bottom sample player (docs/PRODUCT.md §4, §9): transport, loop, progress, times, volume, play list, audition, spectrum, project sync. */
export function SamplePlayerBar({ onDownloadAsHeard, dawDrag }: SamplePlayerBarProps = {}) {
  const { t } = useTranslation('player');
  const song = usePlayerStore((s) => s.song);
  const id = usePlayerStore((s) => s.id);
  const playing = usePlayerStore(isActive);
  const sounding = usePlayerStore((s) => s.isPlaying);
  const playList = usePlayerStore((s) => s.playList);
  const loopType = usePlayerStore((s) => s.loopType);
  const currentTime = usePlayerStore((s) => s.currentTime);
  const duration = usePlayerStore((s) => s.duration);
  const needsInteraction = usePlayerStore((s) => s.needsUserInteraction);
  const lastError = usePlayerStore((s) => s.lastError);
  const audition = useAuditionMode((s) => s.on);
  const player = usePlayerStore.getState();
  useFailureToast();
  useTruncatedToast();
  useSpaceToggle();
  useSyncFollow();
  const disabled = navDisabled(playList, id, loopType);
  /** Previous or next in the play list. */
  const walk = (step: 'previous' | 'next') => (
    <IconButton
      icon={step}
      label={t(step)}
      disabled={disabled[step]}
      onClick={() => void player[step]()}
    />
  );
  const loop = loopMode(loopType);
  const dragOut = dragOutProps(dawDrag?.(), song);
  return (
    <Bar aria-label={t('label')}>
      <Now {...dragOut}>
        {song?.icon && <img src={song.icon} alt="" />}
        <span aria-live="polite">{song?.audioName ?? t('nothing')}</span>
      </Now>
      {walk('previous')}
      <IconButton
        icon={playing ? 'pause' : 'play'}
        label={t(playing ? 'pause' : 'play')}
        disabled={!song}
        size={24}
        onClick={() => void player.togglePlay()}
      />
      {walk('next')}
      <IconButton
        icon={loop.icon}
        label={t('loop.label', { mode: t(`loop.modes.${loop.key}`) })}
        active={loop.key !== 'off'}
        onClick={() => player.setLoopType(nextLoopType(loopType))}
      />
      <Middle>
        <Time>{formatDuration(currentTime, duration)}</Time>
        <ProgressControl />
        <Time>{formatDuration(duration)}</Time>
      </Middle>
      {needsInteraction && (
        <button type="button" onClick={() => void player.unlock()}>
          {t('needsInteraction')}
        </button>
      )}
      {/* docs/PRODUCT.md §8: a decryption failure is an alert; every failure is also a toast (see above). */}
      {lastError?.code === 'DECRYPT' && <span role="alert">{t('decryptFailed')}</span>}
      <Extras data-wide data-roomy>
        <div {...dragOut}>
          <LiveSpectrum analyser={sounding ? playerAnalyser() : null} label={t('spectrum')} />
        </div>
      </Extras>
      <Extras data-wide>
        <Switch
          label={t('audition')}
          checked={audition}
          onChange={() => useAuditionMode.getState().toggle()}
        />
        <PlayListPopup />
        <VolumeControl />
      </Extras>
      <ProjectSyncControls />
      <Suspense fallback={null}>
        <BeatControl />
      </Suspense>
      {onDownloadAsHeard && <AsHeardButton onDownload={onDownloadAsHeard} />}
      <DownloadFolderButton />
    </Bar>
  );
}
