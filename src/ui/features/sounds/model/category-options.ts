import type { Category, CategoryNode } from '../../../../shared/index.ts';
import type { Language } from '../../../../shared/languages.ts';
import { assetPath } from './list-query.ts';

/** One option of the breadcrumb's grouped select. */
interface CategoryOption {
  label: string;
  /** Where choosing it goes. */
  path: string;
}

/** One group (a primary name) of the select. */
interface CategoryGroup {
  label: string;
  name: string;
  options: CategoryOption[];
}

/**
 * The grouped select of a category asset page (docs/PRODUCT.md §2): one group per primary name of the current
 * category, one option per secondary name, each going to `Samples:{group}/:{option}`.
 */
export function categoryGroups(
  tree: readonly CategoryNode[],
  category: Category,
  language: Language,
): CategoryGroup[] {
  const node = tree.find((n) => n.category === category);
  if (!node) return [];
  return node.children
    .filter((primary) => primary.children.length > 0)
    .map((primary) => ({
      label: primary.names[language] || primary.name,
      name: primary.name,
      options: primary.children.map((secondary) => ({
        label: secondary.names[language] || secondary.name,
        path: assetPath(category, 'Samples', primary.name, secondary.name),
      })),
    }));
}
