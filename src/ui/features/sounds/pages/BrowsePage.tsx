import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { useCategoryTree } from '../hooks/use-category-tree.ts';
import { PackGrid } from '../components/PackGrid.tsx';
import { SampleListView } from '../components/SampleListView.tsx';
import { Chips, Page } from './page-layout.ts';

/** /sounds: categories, featured packs, and every sample (sorted popular or new via the URL). */
export function BrowsePage() {
  const { t } = useTranslation('sounds');
  const tree = useCategoryTree();
  return (
    <Page>
      <h1>{t('browse.title')}</h1>
      <nav aria-label={t('browse.categories')}>
        <Chips>
          {CATEGORIES.map((category) => {
            const count = tree?.find((node) => node.category === category)?.count;
            return (
              <li key={category}>
                <Link to={`/sounds/${category}`}>
                  {t(`categories.${category}`)}
                  {count !== undefined && ` · ${count}`}
                </Link>
              </li>
            );
          })}
        </Chips>
      </nav>
      <h2>{t('browse.featuredPacks')}</h2>
      <PackGrid
        base={{ sort: 'MOST_POPULAR', pageSize: 6 }}
        load={catalogueApi.packs}
        firstPageOnly
        label={t('browse.featuredPacks')}
      />
      <h2>{t('browse.popular')}</h2>
      <SampleListView
        base={{}}
        load={catalogueApi.samples}
        totalLabel={(count) => t('list.total', { count })}
      />
    </Page>
  );
}
