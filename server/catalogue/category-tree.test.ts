import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './category-tree.ts';
import type { TaxonomyName, TreeCell } from './catalogue.repository.ts';

const taxonomy: TaxonomyName[] = [
  { category: 'instruments', primaryName: 'Drums', secondaryName: '', nameZh: '鼓组', position: 0 },
  {
    category: 'instruments',
    primaryName: 'Drums',
    secondaryName: 'Snare',
    nameZh: '军鼓',
    position: 2,
  },
  {
    category: 'instruments',
    primaryName: 'Drums',
    secondaryName: 'Kick',
    nameZh: '底鼓',
    position: 1,
  },
  { category: 'instruments', primaryName: 'Bass', secondaryName: '', nameZh: '贝斯', position: 7 },
];

describe('buildCategoryTree', () => {
  it('nests and sums sample counts in category and taxonomy order, with zh names', () => {
    const cells: TreeCell[] = [
      { category: 'chineseStyle', primaryName: 'Erhu', secondaryName: 'Long', count: 1 },
      { category: 'instruments', primaryName: 'Bass', secondaryName: '808', count: 4 },
      { category: 'instruments', primaryName: 'Drums', secondaryName: 'Snare', count: 2 },
      { category: 'instruments', primaryName: 'Drums', secondaryName: 'Kick', count: 3 },
    ];
    const tree = buildCategoryTree(cells, taxonomy);
    expect(tree.map((n) => [n.category, n.count])).toEqual([
      ['instruments', 9],
      ['chineseStyle', 1],
    ]);
    const [drums, bass] = tree[0]!.children;
    expect([drums!.name, drums!.names, drums!.count]).toEqual([
      'Drums',
      { en: 'Drums', zh: '鼓组' },
      5,
    ]);
    expect(drums!.children.map((s) => [s.name, s.names.zh, s.count])).toEqual([
      ['Kick', '底鼓', 3],
      ['Snare', '军鼓', 2],
    ]);
    // Without a taxonomy row the English key is the Chinese name too.
    expect(bass!.children[0]!.names).toEqual({ en: '808', zh: '808' });
    expect(tree[1]!.names).toEqual({ zh: '中国风', en: 'Chinese style' });
  });

  it('counts distinct packs at every level of a pack tree', () => {
    const cells: TreeCell[] = [
      {
        category: 'instruments',
        primaryName: 'Drums',
        secondaryName: 'Kick',
        count: 2,
        packCodes: ['a', 'b'],
      },
      {
        category: 'instruments',
        primaryName: 'Drums',
        secondaryName: 'Snare',
        count: 1,
        packCodes: ['a'],
      },
      {
        category: 'instruments',
        primaryName: 'Bass',
        secondaryName: '808',
        count: 1,
        packCodes: ['c'],
      },
    ];
    const [instruments] = buildCategoryTree(cells, taxonomy);
    expect(instruments!.count).toBe(3);
    expect(instruments!.children.map((p) => [p.name, p.count])).toEqual([
      ['Drums', 2],
      ['Bass', 1],
    ]);
  });
});
