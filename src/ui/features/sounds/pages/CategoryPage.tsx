import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { usePlaceName } from '../../../stores/navigation.store.ts';
import { useCategoryTree } from '../hooks/use-category-tree.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { assetPath, parseCategory } from '../model/list-query.ts';
import { Chips, Page } from './page-layout.ts';
import { CatalogueSamples } from './CatalogueLists.tsx';

/** /sounds/{category}: the category's primary names and its samples. */
export function CategoryPage() {
  const { t } = useTranslation('sounds');
  const language = useLanguage();
  const category = parseCategory(useParams().category);
  const tree = useCategoryTree();
  // An unknown category is no place: its tab closes (the page says 没有这个分类).
  usePlaceName(useLocation().pathname, category ? undefined : null);
  if (!category) return <Page role="alert">{t('notFound')}</Page>;
  const node = tree?.find((n) => n.category === category);
  return (
    <Page>
      <h1>{t(`categories.${category}`)}</h1>
      <nav aria-label={t(`categories.${category}`)}>
        <Chips>
          {node?.children.map((primary) => (
            <li key={primary.name}>
              <Link to={assetPath(category, 'All', primary.name)}>
                {primary.names[language] || primary.name} · {primary.count}
              </Link>
            </li>
          ))}
        </Chips>
      </nav>
      <CatalogueSamples key={category} base={{ category }} />
    </Page>
  );
}
