import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { IconButton, sidePanel, TagList } from '../../../components/index.ts';
import { formatDuration as formatTime } from '../../../lib/format-duration.ts';
import { useSongSelection } from '../song-selection.store.ts';
import { songTitle, useSongTagName } from '../song-title.ts';
import { PromptText } from './PromptText.tsx';

const Panel = styled.aside`
  width: 340px;
  max-width: 100%;
  flex-shrink: 0;
  ${sidePanel}
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.font.large};
  }
`;

const Cover = styled.img`
  width: 100%;
  aspect-ratio: 1;
  border-radius: ${({ theme }) => theme.radius.medium};
  object-fit: cover;
`;

const Label = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
`;

const Tags = styled(TagList)`
  li {
    padding: 0 8px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The song-details side panel of /songai: large cover, title, tags, duration and lyrics prompt. */
export function SongDetailsPanel() {
  const { t, i18n } = useTranslation('music');
  const tagName = useSongTagName();
  const song = useSongSelection((s) => s.selected);
  const close = useSongSelection((s) => s.close);
  if (!song) return null;
  const title = songTitle(song, i18n.language);
  return (
    <Panel aria-label={t('details')} data-testid="song-details">
      <Header>
        <h2>{title}</h2>
        <IconButton icon="close" label={t('close')} onClick={close} />
      </Header>
      <Cover src={song.relayImageUrl} alt={title} />
      {song.titleZh && song.titleZh !== title && <div>{song.titleZh}</div>}
      <Label>{t('tags')}</Label>
      <Tags>
        {song.tags.map((tag) => (
          <li key={tag}>{tagName(tag)}</li>
        ))}
      </Tags>
      <Label>{t('duration')}</Label>
      <div>{formatTime(song.duration)}</div>
      <Label>{t('prompt')}</Label>
      <PromptText text={song.prompt} />
    </Panel>
  );
}
