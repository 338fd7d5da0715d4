import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { SampleListView } from '../components/SampleListView.tsx';
import { parseSearch, searchQuery } from '../model/list-query.ts';
import { Page } from './page-layout.ts';

/**
 * The three search routes of SPEC §2: `/{keyword}/samples` (full-text, relevance by default),
 * `/styles:{a,b}/samples` and `/:{primary}/:{secondary}/samples` (list filters).
 */
export function SearchPage() {
  const { t } = useTranslation('sounds');
  const params = useParams();
  const target = parseSearch(params.term, params.secondary);
  if (!target) return <Page role="alert">{t('list.empty')}</Page>;
  const term =
    target.type === 'keyword'
      ? target.keyword
      : target.type === 'styles'
        ? target.styles.join(', ')
        : `${target.primaryName} / ${target.secondaryName}`;
  const base = searchQuery(target, {}, 'MOST_POPULAR');
  delete base.sort;
  return (
    <Page>
      <h1>{t('search.results', { term })}</h1>
      <SampleListView
        key={JSON.stringify(target)}
        base={base}
        load={target.type === 'keyword' ? catalogueApi.search : catalogueApi.samples}
        relevance={target.type === 'keyword'}
        totalLabel={(count) => t('list.total', { count })}
      />
    </Page>
  );
}
