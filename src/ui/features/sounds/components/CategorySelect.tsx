import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { Select } from '../../../components/index.ts';
import { useCategoryTree } from '../hooks/use-category-tree.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { categoryGroups } from '../model/category-options.ts';
import { assetPath, parseAsset, parseCategory, stripColon } from '../model/list-query.ts';

/** Reads category, asset and secondary name from an asset page's path. */
function assetLocation(pathname: string) {
  const deep = matchPath('/sounds/:category/asset/:asset/:secondary', pathname);
  const params = deep?.params ?? matchPath('/sounds/:category/asset/:asset', pathname)?.params;
  const category = parseCategory(params?.category);
  const asset = parseAsset(params?.asset);
  if (!category || !asset) return null;
  const secondary = deep?.params.secondary ? stripColon(deep.params.secondary) : undefined;
  return { category, asset, secondary };
}

/**
 * The breadcrumb's grouped select (docs/PRODUCT.md §2), shown on category asset pages: primary names as
 * groups, secondary names as options; choosing one goes to `Samples:{group}/:{option}`.
 */
export function CategorySelect() {
  const { t } = useTranslation('sounds');
  const language = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tree = useCategoryTree();
  const where = assetLocation(pathname);
  if (!where || !tree) return null;
  const groups = categoryGroups(tree, where.category, language);
  if (groups.length === 0) return null;
  const current = where.secondary
    ? assetPath(where.category, 'Samples', where.asset.primaryName, where.secondary)
    : '';
  const known = groups.some((g) => g.options.some((o) => o.path === current));
  return (
    <Select<string>
      aria-label={t('categorySelect.label')}
      placeholder={t('categorySelect.placeholder')}
      value={known ? current : ''}
      groups={groups.map((group) => ({
        label: group.label,
        options: group.options.map((option) => ({ value: option.path, label: option.label })),
      }))}
      onChange={(path) => navigate(path)}
    />
  );
}
