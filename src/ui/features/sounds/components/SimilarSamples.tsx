import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { ellipsis, IconButton } from '../../../components/index.ts';
import { isActiveRow, usePlayerStore, toggleSample } from '../../../player/index.ts';
import { useSelection } from '../model/selection.store.ts';

const Similar = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
  & button.name {
    flex: 1;
    min-width: 0;
    ${ellipsis}
    padding: ${({ theme }) => theme.space(1)} 0;
    border: none;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
  }
  & button.name:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** A similar sample: plays in place (its neighbours as the play list); its name opens it here. */
function SimilarItem({ sample, list }: { sample: Sample; list: readonly Sample[] }) {
  const { t } = useTranslation('sounds');
  const playing = usePlayerStore(isActiveRow(sample.id));
  const name = sample.audioName;
  return (
    <li>
      <IconButton
        icon={playing ? 'pause' : 'play'}
        label={t(playing ? 'row.pause' : 'row.play', { name })}
        size={18}
        onClick={() => toggleSample(sample, list)}
      />
      <button
        type="button"
        className="name"
        onClick={() => useSelection.getState().showDetail({ type: 'sample', sample })}
      >
        {name}
      </button>
    </li>
  );
}

/** The detail panel's similar samples: each plays in place, its name opens it in the panel. */
export function SimilarSamples({ samples }: { samples: readonly Sample[] }) {
  return (
    <Similar>
      {samples.map((sample) => (
        <SimilarItem key={sample.id} sample={sample} list={samples} />
      ))}
    </Similar>
  );
}
