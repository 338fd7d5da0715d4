import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../../shared/index.ts';
import { useCategoryTree } from '../hooks/use-category-tree.ts';
import { Chips, Page } from './page-layout.ts';
import { CatalogueSamples, PopularPacks } from './CatalogueLists.tsx';

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
      <PopularPacks title={t('browse.featuredPacks')} />
      <h2>{t('browse.popular')}</h2>
      <CatalogueSamples base={{}} />
    </Page>
  );
}
