import {
  CATEGORIES,
  type Category,
  type CategoryNode,
  type Names,
  type PrimaryNode,
} from '../../src/shared/api/catalogue.types.ts';
import type { TaxonomyName, TreeCell } from './catalogue.repository.ts';

/** Display names of the four categories of docs/PRODUCT.md §2. */
export const CATEGORY_NAMES: Readonly<Record<Category, Names>> = {
  instruments: { zh: '乐器', en: 'Instruments' },
  genres: { zh: '曲风', en: 'Genres' },
  cinematicFx: { zh: '影视音效', en: 'Cinematic FX' },
  chineseStyle: { zh: '中国风', en: 'Chinese style' },
};

// Counts a node: a sum of samples, or the distinct packs below it for a pack tree.
class Tally {
  count = 0;
  readonly packs = new Set<string>();
  add(cell: TreeCell): void {
    if (cell.packCodes) for (const code of cell.packCodes) this.packs.add(code);
    else this.count += cell.count;
  }
  get total(): number {
    return this.packs.size || this.count;
  }
}

/**
 * Builds the category → primary → secondary tree from counted cells, with localised names from
 * the taxonomy (falling back to the English key) and its positions for the order.
 */
export function buildCategoryTree(
  cells: readonly TreeCell[],
  taxonomy: readonly TaxonomyName[],
): CategoryNode[] {
  const info = new Map(
    taxonomy.map((t) => [`${t.category}/${t.primaryName}/${t.secondaryName}`, t] as const),
  );
  const names = (category: Category, primary: string, secondary = ''): Names => ({
    en: secondary || primary,
    zh: info.get(`${category}/${primary}/${secondary}`)?.nameZh || secondary || primary,
  });
  const position = (category: Category, primary: string, secondary = ''): number =>
    info.get(`${category}/${primary}/${secondary}`)?.position ?? Number.MAX_SAFE_INTEGER;

  const tree = new Map<
    Category,
    { tally: Tally; primaries: Map<string, { tally: Tally; secondaries: Map<string, Tally> }> }
  >();
  for (const cell of cells) {
    const category = tree.get(cell.category) ?? { tally: new Tally(), primaries: new Map() };
    tree.set(cell.category, category);
    const primary = category.primaries.get(cell.primaryName) ?? {
      tally: new Tally(),
      secondaries: new Map<string, Tally>(),
    };
    category.primaries.set(cell.primaryName, primary);
    const secondary = primary.secondaries.get(cell.secondaryName) ?? new Tally();
    primary.secondaries.set(cell.secondaryName, secondary);
    for (const tally of [category.tally, primary.tally, secondary]) tally.add(cell);
  }

  const byPosition =
    <T extends { name: string }>(order: (item: T) => number) =>
    (a: T, b: T) =>
      order(a) - order(b) || a.name.localeCompare(b.name, 'en');
  return CATEGORIES.flatMap((category): CategoryNode[] => {
    const node = tree.get(category);
    if (!node) return [];
    const children = [...node.primaries].map(([primaryName, primary]): PrimaryNode => ({
      name: primaryName,
      names: names(category, primaryName),
      count: primary.tally.total,
      children: [...primary.secondaries]
        .map(([name, tally]) => ({
          name,
          names: names(category, primaryName, name),
          count: tally.total,
        }))
        .sort(byPosition((s) => position(category, primaryName, s.name))),
    }));
    children.sort(byPosition((p) => position(category, p.name)));
    return [{ category, names: CATEGORY_NAMES[category], count: node.tally.total, children }];
  });
}
