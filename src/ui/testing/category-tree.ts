import type { Category, CategoryNode, PrimaryNode } from '../../shared/index.ts';

/** A name of a test category tree in both languages, its count and its children (if any). */
export function testNode(
  en: string,
  zh: string,
  count: number,
  children: PrimaryNode['children'] = [],
): PrimaryNode {
  return { name: en, names: { zh, en }, count, children };
}

/** A category of a test tree, as the gateway's `tt-instruments-style` answers it. */
export function testCategory(
  category: Category,
  [en, zh]: [en: string, zh: string],
  count: number,
  children: PrimaryNode[] = [],
): CategoryNode {
  return { category, names: { zh, en }, count, children };
}
