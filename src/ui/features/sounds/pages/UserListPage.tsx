import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AudioListQuery, Pack, Sample, UserRelation } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { useSessionStore } from '../../../stores/session.store.ts';
import { PackGrid } from '../components/PackGrid.tsx';
import { Empty, SampleListView } from '../components/SampleListView.tsx';
import { useRemoval } from '../model/removal.store.ts';
import { Chips, Page } from './page-layout.ts';
import { useUserRemoval } from './use-user-removal.tsx';
import { PopularPacks } from './CatalogueLists.tsx';

/** Paths of the warehouse and liked pages (docs/PRODUCT.md §2). */
const USER_LIST_PATHS = {
  stockroom: { samples: '/sounds/stockroom/resources', packs: '/sounds/stockroom/Packs' },
  likes: { samples: '/sounds/other/likes', packs: '/sounds/other/Packs' },
} as const;

/** Props of UserListPage. */
interface UserListPageProps {
  relation: UserRelation;
  range: 'samples' | 'packs';
}

/**
 * An empty warehouse or liked list says how things get there, and offers packs to browse
 * (issue 17 §8).
 */
function EmptyUserList({ relation }: { relation: UserRelation }) {
  const { t } = useTranslation('sounds');
  return (
    <Empty data-testid="empty-user-list">
      <p>{t(relation === 'stockroom' ? 'emptyState.stockroom' : 'emptyState.likes')}</p>
      <Link to="/sounds">{t('emptyState.browse')}</Link>
      <PopularPacks title={t('emptyState.suggested')} />
    </Empty>
  );
}

/**
 * The warehouse or liked list, samples or packs; selected rows can be removed, with undo (a
 * warehouse removal asks first: it hides, and a later download is free).
 */
export function UserListPage({ relation, range }: UserListPageProps) {
  const { t } = useTranslation('sounds');
  const signedIn = useSessionStore((s) => Boolean(s.accessToken));
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const { remove, dialog } = useUserRemoval(relation, range, reload);

  // One item from its own button; the HTTP client already showed a failure, the item stays.
  const removeSample = useCallback(
    (sample: Sample) => void remove([sample.id]).catch(() => {}),
    [remove],
  );
  const removePack = useCallback(
    (pack: Pack) => void remove([pack.packCode]).catch(() => {}),
    [remove],
  );

  useEffect(() => {
    if (range !== 'samples') return;
    useRemoval.setState({ removal: { run: remove } });
    return () => useRemoval.setState({ removal: null });
  }, [range, remove]);

  const title = t(relation === 'stockroom' ? 'user.stockroom' : 'user.likes');
  if (!signedIn)
    return (
      <Page>
        <h1>{title}</h1>
        <Link to="/login">{t('user.signIn')}</Link>
      </Page>
    );
  const paths = USER_LIST_PATHS[relation];
  const empty = <EmptyUserList relation={relation} />;
  const load = (query: AudioListQuery, signal: AbortSignal, silent: boolean) =>
    catalogueApi.userSamples({ ...query, relation }, signal, silent);
  return (
    <Page>
      <h1>{title}</h1>
      <nav aria-label={title}>
        <Chips>
          <li>
            <Link to={paths.samples} aria-current={range === 'samples' ? 'page' : undefined}>
              {t('user.samples')}
            </Link>
          </li>
          <li>
            <Link to={paths.packs} aria-current={range === 'packs' ? 'page' : undefined}>
              {t('user.packs')}
            </Link>
          </li>
        </Chips>
      </nav>
      {/* Keyed by relation: the four routes render this page in place of each other, and the
          list's query does not name the relation, so warehouse → liked would keep the rows. */}
      {range === 'samples' ? (
        <SampleListView
          key={relation}
          base={{}}
          load={load}
          tagScope={{ relation }}
          version={version}
          label={title}
          totalLabel={(count) => t('list.total', { count })}
          onRemove={removeSample}
          empty={empty}
        />
      ) : (
        <PackGrid
          key={relation}
          base={{}}
          load={(query, signal, silent) =>
            catalogueApi.userPacks({ ...query, relation }, signal, silent)
          }
          version={version}
          label={title}
          onRemove={removePack}
          empty={empty}
        />
      )}
      {dialog}
    </Page>
  );
}
