import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ASSET_KINDS,
  assetPath,
  parseAsset,
  parseCategory,
  stripColon,
} from '../model/list-query.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { PackGrid } from '../components/PackGrid.tsx';
import { useCategoryTree } from '../hooks/use-category-tree.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { Chips, Page } from './page-layout.ts';
import { CatalogueSamples } from './CatalogueLists.tsx';

/**
 * Asset lists of docs/PRODUCT.md §2: `asset/{All|Samples|Packs}:{primary}` and its `/:{secondary}` level.
 * All shows the packs above the samples.
 */
export function AssetPage() {
  const { t } = useTranslation('sounds');
  const language = useLanguage();
  const params = useParams();
  const category = parseCategory(params.category);
  const asset = parseAsset(params.asset);
  const tree = useCategoryTree();
  if (!category || !asset) return <Page role="alert">{t('notFound')}</Page>;
  const secondaryName = params.secondary ? stripColon(params.secondary) : undefined;
  const { kind, primaryName } = asset;
  const base = { category, primaryName, secondaryName };
  const primary = tree
    ?.find((n) => n.category === category)
    ?.children.find((p) => p.name === primaryName);
  const title = [
    primary?.names[language] || primaryName,
    secondaryName &&
      (primary?.children.find((s) => s.name === secondaryName)?.names[language] || secondaryName),
  ]
    .filter(Boolean)
    .join(' / ');
  const listKey = `${category}/${kind}/${primaryName}/${secondaryName ?? ''}`;
  return (
    <Page>
      <h1>{title}</h1>
      <nav aria-label={t('assetKinds.All')}>
        <Chips>
          {ASSET_KINDS.map((k) => (
            <li key={k}>
              <Link
                to={assetPath(category, k, primaryName, secondaryName)}
                aria-current={k === kind ? 'page' : undefined}
              >
                {t(`assetKinds.${k}`)}
              </Link>
            </li>
          ))}
          {!secondaryName &&
            primary?.children.map((secondary) => (
              <li key={secondary.name}>
                <Link to={assetPath(category, kind, primaryName, secondary.name)}>
                  {secondary.names[language] || secondary.name} · {secondary.count}
                </Link>
              </li>
            ))}
        </Chips>
      </nav>
      {kind !== 'Samples' && (
        <PackGrid
          key={`p${listKey}`}
          base={base}
          load={catalogueApi.packs}
          firstPageOnly={kind === 'All'}
        />
      )}
      {kind !== 'Packs' && <CatalogueSamples key={listKey} base={base} />}
    </Page>
  );
}
