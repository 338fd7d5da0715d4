import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/index.ts';
import type { AudioListQuery, Sample, TagQuery } from '../../../../shared/index.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { useListFilters } from '../hooks/use-list-filters.ts';
import { gridOfList, usePagedList } from '../hooks/use-paged-list.ts';
import { filterQuery } from '../model/list-query.ts';
import { FiltersBar } from './FiltersBar.tsx';
import type { PagedListProps } from './paged-list.types.ts';
import { SampleList } from './SampleList.tsx';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 0;
  flex: 1;
  height: 100%;
`;

/** An empty list: what happened and what to do next. */
export const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  & p {
    margin: 0;
  }
  & > section {
    align-self: stretch;
    text-align: left;
  }
`;

const Total = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

/** Props of SampleListView: the base query's filters come from the URL. */
interface SampleListViewProps extends PagedListProps<Sample> {
  /** Keyword searches sort by relevance unless the URL names a sort. */
  relevance?: boolean;
  totalLabel?: (total: number) => string;
  /** The place whose tags the filter bar offers; defaults to the base query's place. */
  tagScope?: TagQuery;
}

/** The place of a list query (what the page shows, not its filters), for the tag vocabulary. */
function placeOf(query: AudioListQuery): TagQuery {
  const { category, primaryName, secondaryName, packCode, keyword, styles } = query;
  return { category, primaryName, secondaryName, packCode, keyword, styles };
}

/** A filterable, sortable, virtualized sample list whose state lives in the URL. */
export function SampleListView({
  base,
  load,
  relevance,
  version = 0,
  label,
  totalLabel,
  onRemove,
  tagScope,
  empty,
}: SampleListViewProps) {
  const { t } = useTranslation('sounds');
  const { filters, sort, sortInUrl, update, reset } = useListFilters();
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  const query: AudioListQuery = {
    ...base,
    ...filterQuery(filters),
    sort: relevance && !sortInUrl ? undefined : sort,
  };
  // The gateway answers names in the request's language: a language switch loads them again.
  const language = useLanguage();
  const key = JSON.stringify([query, version, language]);
  // Only `key` changes reload the list; the loader may be a new function on every render.
  const fetchPage = (page: number, pageSize: number, signal: AbortSignal) =>
    load({ ...query, page, pageSize }, signal, true);
  const list = usePagedList<Sample>(key, fetchPage);
  return (
    <Column>
      <FiltersBar
        filters={filters}
        scope={tagScope ?? placeOf(base)}
        sort={relevance && !sortInUrl ? 'RELEVANCE' : sort}
        relevance={relevance}
        onChange={update}
        onReset={reset}
      />
      {list.total !== null && totalLabel && (
        <Total>
          {list.totalEstimated
            ? t('list.totalAbout', { count: list.total })
            : totalLabel(list.total)}
        </Total>
      )}
      <SampleList
        key={key}
        {...gridOfList(list)}
        label={label}
        onRemove={onRemove}
        empty={
          filtered ? (
            <Empty>
              <p>{t('emptyState.filtered')}</p>
              <Button variant="secondary" onClick={reset}>
                {t('emptyState.reset')}
              </Button>
            </Empty>
          ) : (
            empty
          )
        }
      />
    </Column>
  );
}
