import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useSongTagName } from '../song-title.ts';
import { useShallow } from 'zustand/react/shallow';
import type { MusicTrack } from '../../../../shared/index.ts';
import {
  Button,
  CardGrid,
  PageTitle,
  Muted,
  Spinner,
  TextField,
} from '../../../components/index.ts';
import { useMusicPlayerStore } from '../../../stores/music-player.store.ts';
import { useSongSelection } from '../song-selection.store.ts';
import { useSongs } from '../use-songs.ts';
import { SongCard } from './SongCard.tsx';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Chip = styled.button<{ $active: boolean }>`
  border: 1px solid
    ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : 'inherit')};
  border-radius: 999px;
  padding: 2px 12px;
  cursor: pointer;
  font: inherit;
`;

const Grid = styled(CardGrid).attrs({ $min: 180 })``;

const Banner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The /songai page: the AI-song catalogue as a grid, with tag filter and search. */
export function SongAiPage() {
  const { t } = useTranslation('music');
  const tagName = useSongTagName();
  const [tag, setTag] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed);
  const view = useSongs(tag, keyword);
  const selected = useSongSelection((s) => s.selected);
  const select = useSongSelection((s) => s.select);
  const player = useMusicPlayerStore(useShallow((s) => ({ song: s.song, isPlaying: s.isPlaying })));

  // Previous/next walk the list the user is looking at.
  useEffect(() => {
    useMusicPlayerStore.getState().setPlayList(view.songs);
  }, [view.songs]);

  if (view.problem === 'forbidden' || view.problem === 'signedOut')
    return (
      <Page>
        <PageTitle>{t('title')}</PageTitle>
        <Muted role="alert" data-testid="music-forbidden">
          {view.problem === 'forbidden' ? t('forbidden') : t('signIn')}
        </Muted>
        {view.problem === 'signedOut' && (
          <Link to={`/login?redirect=${encodeURIComponent('/songai')}`}>{t('signInLink')}</Link>
        )}
      </Page>
    );

  const play = (song: MusicTrack) => {
    const { song: current, togglePlay, playSong } = useMusicPlayerStore.getState();
    if (current?.id === song.id) void togglePlay();
    else void playSong(song);
  };

  return (
    <Page>
      <PageTitle>{t('title')}</PageTitle>
      {view.status && !view.status.ready && (
        <Banner role="status" data-testid="music-generating">
          <Spinner />
          {t('generating', { generated: view.status.generated, total: view.status.total })}
        </Banner>
      )}
      <TextField
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        type="search"
        value={typed}
        maxLength={100}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Tags role="group" aria-label={t('tagFilter')}>
        <Chip $active={tag === null} aria-pressed={tag === null} onClick={() => setTag(null)}>
          {t('allTags')}
        </Chip>
        {view.tags.map(({ name, count }) => (
          <Chip
            key={name}
            $active={tag === name}
            aria-pressed={tag === name}
            onClick={() => setTag(tag === name ? null : name)}
          >
            {tagName(name)} ({count})
          </Chip>
        ))}
      </Tags>
      {view.problem === 'failed' && (
        <Banner role="alert">
          {t('loadFailed')}
          <Button onClick={view.reload}>{t('retry')}</Button>
        </Banner>
      )}
      {!view.loading && view.songs.length === 0 && !view.problem && <Muted>{t('empty')}</Muted>}
      <Grid aria-label={t('title')}>
        {view.songs.map((song) => (
          <SongCard
            key={song.id}
            song={song}
            selected={selected?.id === song.id}
            playing={player.isPlaying && player.song?.id === song.id}
            onOpen={select}
            onPlay={play}
          />
        ))}
      </Grid>
      {view.songs.length < view.total && (
        <Button onClick={view.loadMore} disabled={view.loading}>
          {t('loadMore')}
        </Button>
      )}
    </Page>
  );
}
