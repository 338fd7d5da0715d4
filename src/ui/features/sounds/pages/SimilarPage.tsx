import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { usePlaceName, usePublishedName } from '../../../stores/navigation.store.ts';
import { Empty } from '../components/SampleListView.tsx';
import { ResultListView } from '../components/ResultListView.tsx';
import { sourceName } from '../model/similar-path.ts';
import { Page } from './page-layout.ts';

/**
 * /sounds/similar/{id}: the samples that sound like one sample, nearest first, in the usual grid
 * (docs/SOUNDS.md, "Similar samples"). The heading and the crumb name the source: the row or
 * panel that led here put its name in the history entry (kept across a reload); a shared link
 * falls back to the title this place published before, then to the sample's number.
 */
export function SimilarPage() {
  const { t } = useTranslation('sounds');
  const location = useLocation();
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const published = usePublishedName(location.pathname);
  const name = sourceName(location.state);
  const title = name
    ? t('similar.title', { name })
    : (published ?? t('similar.titleById', { id: raw }));
  // Only a known name is published: a shared link keeps what the crumb said before.
  usePlaceName(location.pathname, id === null ? null : name && title);
  if (id === null) return <Page role="alert">{t('similar.badId')}</Page>;
  return (
    <Page>
      <h1>{title}</h1>
      <ResultListView
        key={id}
        listKey={`similar:${id}`}
        load={(signal, silent) => catalogueApi.similar(id, undefined, signal, silent)}
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
