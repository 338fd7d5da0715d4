import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import type { AudioListQuery } from '../../../../shared/index.ts';
import { SampleListView } from '../components/SampleListView.tsx';
import { SearchTerms, type SearchTermsProps } from '../components/SearchTerms.tsx';
import { parseSearch, searchQuery } from '../model/list-query.ts';
import { Page } from './page-layout.ts';

/**
 * The three search routes of docs/PRODUCT.md §2: `/{keyword}/samples` (full-text, relevance by default),
 * `/styles:{a,b}/samples` and `/:{primary}/:{secondary}/samples` (list filters). A keyword's
 * words show as removable chips, with the gateway's typo correction when it made one.
 */
export function SearchPage() {
  const { t } = useTranslation('sounds');
  const params = useParams();
  const [answer, setAnswer] = useState<{ keyword: string; said: SearchTermsProps['answer'] }>();
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
  // A keyword search keeps what the gateway said about it (total, typo correction) for the chips.
  const search = async (query: AudioListQuery, signal: AbortSignal) => {
    const page = await catalogueApi.search(query, signal);
    if (query.page === 1 && query.keyword)
      setAnswer({
        keyword: query.keyword,
        said: { total: page.total, correction: page.correction },
      });
    return page;
  };
  return (
    <Page>
      <h1>{t('search.results', { term })}</h1>
      {target.type === 'keyword' && (
        <SearchTerms
          keyword={target.keyword}
          answer={answer?.keyword === target.keyword ? answer.said : null}
        />
      )}
      <SampleListView
        key={JSON.stringify(target)}
        base={base}
        load={target.type === 'keyword' ? search : catalogueApi.samples}
        relevance={target.type === 'keyword'}
        totalLabel={(count) => t('list.total', { count })}
      />
    </Page>
  );
}
