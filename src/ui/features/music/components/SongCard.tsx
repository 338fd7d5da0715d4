import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { MusicTrack } from '../../../../shared/index.ts';
import { IconButton } from '../../../components/index.ts';
import { formatDuration as formatTime } from '../../../lib/format-duration.ts';
import { songTitle, useSongTagName } from '../song-title.ts';

const Card = styled.li<{ $selected: boolean }>`
  list-style: none;
  display: flex;
  flex-direction: column;
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid
    ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Open = styled.button`
  all: unset;
  cursor: pointer;
  display: block;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

const Cover = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Body = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.div`
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Meta = styled.div`
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

/** Props of SongCard. */
interface SongCardProps {
  song: MusicTrack;
  selected: boolean;
  playing: boolean;
  onOpen(song: MusicTrack): void;
  onPlay(song: MusicTrack): void;
}

/** One song of the /songai grid: cover and title open the details, the button plays or pauses. */
export function SongCard({ song, selected, playing, onOpen, onPlay }: SongCardProps) {
  const { t, i18n } = useTranslation('music');
  const tagName = useSongTagName();
  const title = songTitle(song, i18n.language);
  return (
    <Card $selected={selected} data-testid="song-card">
      <Open onClick={() => onOpen(song)} aria-label={t('openDetails', { title })}>
        <Cover src={song.relayImageUrl} alt="" loading="lazy" />
      </Open>
      <Body>
        <Text>
          <Title title={title}>{title}</Title>
          <Meta>
            {formatTime(song.duration)} · {song.tags.map(tagName).join(' · ')}
          </Meta>
        </Text>
        <IconButton
          icon={playing ? 'pause' : 'play'}
          label={playing ? t('pause') : t('playSong', { title })}
          onClick={() => onPlay(song)}
        />
      </Body>
    </Card>
  );
}
