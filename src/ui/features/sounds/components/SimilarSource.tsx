import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { Button, ellipsis, IconButton } from '../../../components/index.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { isActive, usePlayerStore, switchToSample, toggleSample } from '../../../player/index.ts';
import { isTyping } from '../hooks/use-search-shortcut.ts';
import { DetectedMark } from './DetectedMark.tsx';
import { isDetected } from './format.ts';

const Card = styled.section`
  display: grid;
  grid-template-columns: auto 40px minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.primarySoft};
  & img {
    width: 40px;
    height: 40px;
    border-radius: 4px;
    object-fit: cover;
  }
  & .text {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  & .text > * {
    ${ellipsis}
  }
  & .text small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .ab {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  & .ab span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
    max-width: 220px;
    ${ellipsis}
  }
  @media (max-width: 600px) {
    grid-template-columns: auto 40px minmax(0, 1fr);
    & .ab {
      grid-column: 1 / -1;
    }
  }
`;

/** Props of SimilarSource. */
interface SimilarSourceProps {
  source: Sample;
  /** The match to compare with: the one last played from the list, else the nearest. */
  match: Sample | undefined;
  /** The list's rows, the play list of a match. */
  matches: readonly Sample[];
}

/**
 * The sample a similar list is similar to, pinned above it (docs/SOUNDS.md "Similar samples"):
 * it plays like a row, and A/B (its button, or the key B anywhere but in a text field) switches
 * between it and the selected match from the point playback has reached.
 */
export function SimilarSource({ source, match, matches }: SimilarSourceProps) {
  const { t } = useTranslation('sounds');
  const playingId = usePlayerStore((s) => (isActive(s) ? s.id : null));
  const playing = playingId === source.id;
  const name = source.audioName;
  const switchAB = () => {
    const { id } = usePlayerStore.getState();
    if (id === source.id && match) switchToSample(match, matches);
    else switchToSample(source, [source]);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTyping(event.target)) return;
      if (event.key.toLowerCase() !== 'b' || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      switchAB();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const facts = [
    source.audioKey,
    source.audioBpm === null ? null : `${source.audioBpm} BPM`,
    formatDuration(source.duration),
  ].filter(Boolean);
  return (
    <Card
      aria-label={t('similar.source')}
      data-testid="similar-source"
      data-playing={playing || undefined}
    >
      <IconButton
        icon={playing ? 'pause' : 'play'}
        label={t(playing ? 'row.pause' : 'row.play', { name })}
        onClick={() => toggleSample(source, [source])}
      />
      <img src={source.icon} alt="" loading="lazy" />
      <div className="text">
        <small>{t('similar.source')}</small>
        <strong>{name}</strong>
        <small>
          {source.packName} · {facts.join(' · ')}
          {(isDetected(source, 'key') || isDetected(source, 'bpm')) && (
            <DetectedMark label={t('row.detected')} />
          )}
        </small>
      </div>
      <div className="ab">
        <Button
          variant="secondary"
          onClick={switchAB}
          title={t('similar.switchHint')}
          aria-keyshortcuts="B"
          data-ab={playingId === source.id ? 'A' : playingId === match?.id ? 'B' : undefined}
        >
          {t('similar.switch')}
        </Button>
        <span>{match ? t('similar.match', { name: match.audioName }) : t('similar.noMatch')}</span>
      </div>
    </Card>
  );
}
