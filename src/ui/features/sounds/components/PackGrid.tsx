import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Pack } from '../../../../shared/index.ts';
import { Button, CardGrid, ellipsis } from '../../../components/index.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { usePagedList } from '../hooks/use-paged-list.ts';
import { useSelection } from '../model/selection.store.ts';
import { ListError } from './ListError.tsx';
import type { PagedListProps } from './paged-list.types.ts';

const Grid = styled(CardGrid).attrs({ $min: 160 })``;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  & img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  & a {
    color: inherit;
    text-decoration: none;
    font-weight: 600;
    ${ellipsis}
  }
  & span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** The path of a pack's sample list (docs/PRODUCT.md §2). */
export function packPath(packCode: string): string {
  return `/sounds/packs/track/${encodeURIComponent(packCode)}/samples`;
}

/** Props of PackGrid. */
interface PackGridProps extends PagedListProps<Pack> {
  /** Show only the first page (browse home's featured packs). */
  firstPageOnly?: boolean;
}

/** Pack cards (cover, name, brand, count), loaded a page at a time. */
export function PackGrid(props: PackGridProps) {
  const { base, load, firstPageOnly, version = 0, label, onRemove, empty } = props;
  const { t } = useTranslation('sounds');
  // The gateway answers names in the request's language: a language switch loads them again.
  const language = useLanguage();
  const key = JSON.stringify([base, version, language]);
  // Only `key` changes reload the list; the loader may be a new function on every render.
  const fetchPage = (page: number, pageSize: number, signal: AbortSignal) =>
    load(
      { ...base, page, pageSize: firstPageOnly ? (base.pageSize ?? 12) : pageSize },
      signal,
      true,
    );
  const list = usePagedList<Pack>(key, fetchPage);
  const loaded = list.rows.filter((pack): pack is Pack => pack !== undefined);
  if (list.status === 'error') return <ListError error={list.error} onRetry={list.retry} />;
  if (list.total === 0) return empty ?? <p>{t('list.noPacks')}</p>;
  const more = !firstPageOnly && list.total !== null && loaded.length < list.total;
  return (
    <section aria-label={label ?? t('list.packsLabel')}>
      <Grid>
        {loaded.map((pack) => (
          <Card key={pack.packCode} data-pack-code={pack.packCode}>
            <button
              type="button"
              aria-label={t('row.details', { name: pack.name })}
              onClick={() => useSelection.getState().showDetail({ type: 'pack', pack })}
              style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
            >
              <img src={pack.cover} alt="" loading="lazy" />
            </button>
            <Link to={packPath(pack.packCode)}>{pack.name}</Link>
            <span>
              {pack.brand} · {t('browse.samplesCount', { count: pack.sampleCount })}
            </span>
            {onRemove && (
              <Button variant="text" size="small" icon="close" onClick={() => onRemove(pack)}>
                {t('row.remove', { name: pack.name })}
              </Button>
            )}
          </Card>
        ))}
      </Grid>
      {more && (
        <Button variant="text" onClick={() => list.ensureRange(loaded.length, loaded.length)}>
          {t('browse.viewAll')}
        </Button>
      )}
    </section>
  );
}
