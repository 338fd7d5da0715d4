import { useTranslation } from 'react-i18next';
import { css } from 'styled-components';
import { BarPopup, ellipsis } from '../../components/index.ts';
import { usePlayerStore } from '../store/player.store.ts';

const list = css`
  width: 280px;
  max-height: 320px;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} 0;
  list-style: none;
  & button {
    width: 100%;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: none;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
    ${ellipsis}
  }
  & button[aria-current='true'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** The play list: a popup listing the songs next/previous walk; choosing one plays it. */
export function PlayListPopup() {
  const { t } = useTranslation('player');
  const playList = usePlayerStore((s) => s.playList);
  const id = usePlayerStore((s) => s.id);
  return (
    <BarPopup
      as="ol"
      aria-label={t('playList')}
      panelCss={list}
      trigger={{ icon: 'music', label: t('playList') }}
    >
      {playList.length === 0 && <li>{t('playListEmpty')}</li>}
      {playList.map((song) => (
        <li key={song.id}>
          <button
            type="button"
            aria-current={song.id === id}
            onClick={() => void usePlayerStore.getState().playSong(song, { actionType: 'button' })}
          >
            {song.audioName ?? `#${song.id}`}
          </button>
        </li>
      ))}
    </BarPopup>
  );
}
