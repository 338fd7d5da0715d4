import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { Spinner } from '../../../components/index.ts';
import { Empty } from '../components/SampleListView.tsx';
import { ResultListView } from '../components/ResultListView.tsx';
import { SoundFileButton } from '../components/SoundFileButton.tsx';
import { useSoundDrop } from '../hooks/use-sound-drop.ts';
import { useSoundSearch, type SoundQuery } from '../model/sound-search.store.ts';
import { Page } from './page-layout.ts';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** The drop area of an empty results page: dashed while a file is over it. */
const DropArea = styled(Empty)<{ $over: boolean }>`
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme, $over }) => ($over ? theme.colors.primarySoft : 'transparent')};
`;

/** What was measured on the file: kind, BPM and key (unknown when the analysis found none). */
function Summary({ query }: { query: SoundQuery }) {
  const { t } = useTranslation('sounds');
  const unknown = t('soundSearch.unknown');
  return (
    <Note data-testid="sound-summary">
      {t('soundSearch.summary', {
        kind: t(`filters.kinds.${query.kind}`),
        bpm: query.bpm ?? unknown,
        key: query.key ?? unknown,
      })}
    </Note>
  );
}

/**
 * /sounds/search-by-sound: samples that sound like the file last dropped on the search bar or
 * picked, nearest first, in the usual grid (docs/SOUNDS.md, "Search by sound"). The result lives
 * in memory only: after a reload the page asks for the file again, and is a drop zone itself.
 */
export function SoundSearchPage() {
  const { t } = useTranslation('sounds');
  const { query, analysing, error } = useSoundSearch();
  const drop = useSoundDrop();
  const status = (
    <>
      {analysing && (
        <Note role="status">
          <Spinner size={14} /> {t('soundSearch.analysing', { name: analysing })}
        </Note>
      )}
      {error && <Problem role="alert">{error}</Problem>}
    </>
  );
  if (!query)
    return (
      <Page>
        <h1>{t('soundSearch.title')}</h1>
        {status}
        <DropArea $over={drop.over} {...drop.handlers} data-testid="sound-drop-area">
          <p>{t('soundSearch.again')}</p>
          <SoundFileButton labelled />
          <Note>{t('soundSearch.private')}</Note>
        </DropArea>
      </Page>
    );
  const title = t('soundSearch.results', { name: query.fileName });
  return (
    <Page {...drop.handlers}>
      <h1>{title}</h1>
      <Summary query={query} />
      <Note>{t('soundSearch.private')}</Note>
      {status}
      <ResultListView
        key={query.id}
        listKey={`sound:${query.id}`}
        load={(signal, silent) =>
          catalogueApi.similarBySound(
            { embedding: query.embedding, kind: query.kind },
            signal,
            silent,
          )
        }
        label={title}
        empty={
          <Empty data-list-state="empty">
            <p>{t('similar.empty')}</p>
            <SoundFileButton labelled />
          </Empty>
        }
      />
    </Page>
  );
}
