import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { usePlaceName, usePublishedName } from '../../../stores/navigation.store.ts';
import { Empty } from '../components/SampleListView.tsx';
import { ResultListView } from '../components/ResultListView.tsx';
import { SimilarSource } from '../components/SimilarSource.tsx';
import type { Sample } from '../../../../shared/index.ts';
import { usePlayerStore } from '../../../player/index.ts';
import { sourceName } from '../model/similar-path.ts';
import { Page } from './page-layout.ts';

/** The id of the row of `rows` that played last (undefined until one has). */
function useLastPlayedOf(rows: readonly Sample[] | undefined): number | undefined {
  const current = usePlayerStore((s) => s.id);
  const [last, setLast] = useState<number>();
  // Adjusted while rendering (React's pattern for state that follows a changing value).
  if (current !== null && current !== last && rows?.some((row) => row.id === current))
    setLast(current);
  return last;
}

/**
 * /sounds/similar/{id}: the samples that sound like one sample, nearest first, in the usual grid
 * (docs/SOUNDS.md, "Similar samples"). The heading and the crumb name the source: the row or
 * panel that led here put its name in the history entry (kept across a reload); a shared link
 * falls back to the title this place published before, then to the sample's number. The source
 * is pinned above the list, playable, with an A/B switch between it and the selected match.
 */
export function SimilarPage() {
  const { t } = useTranslation('sounds');
  const location = useLocation();
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const published = usePublishedName(location.pathname);
  const name = sourceName(location.state);
  // The answer's source and rows, for the pinned source; the match to compare is the row of this
  // list that played last (the nearest until one has).
  const [answer, setAnswer] = useState<{ id: number; source?: Sample; records: Sample[] }>();
  const lastMatch = useLastPlayedOf(answer?.records);
  const title = name
    ? t('similar.title', { name })
    : (published ?? t('similar.titleById', { id: raw }));
  // Only a known name is published: a shared link keeps what the crumb said before.
  usePlaceName(location.pathname, id === null ? null : name && title);
  if (id === null) return <Page role="alert">{t('similar.badId')}</Page>;
  const shown = answer?.id === id ? answer : undefined;
  return (
    <Page>
      <h1>{title}</h1>
      {shown?.source && (
        <SimilarSource
          source={shown.source}
          match={shown.records.find((s) => s.id === lastMatch) ?? shown.records[0]}
          matches={shown.records}
        />
      )}
      <ResultListView
        key={id}
        listKey={`similar:${id}`}
        load={async (signal, silent) => {
          const page = await catalogueApi.similar(id, undefined, signal, silent);
          setAnswer({ id, source: page.source, records: page.records });
          return page;
        }}
        label={title}
        empty={
          <Empty data-list-state="empty">
            <p>{t('similar.empty')}</p>
            <Link to="/sounds">{t('emptyState.browse')}</Link>
          </Empty>
        }
      />
    </Page>
  );
}
