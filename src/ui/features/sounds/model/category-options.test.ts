import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../../../shared/index.ts';
import { categoryGroups } from './category-options.ts';

const tree: CategoryNode[] = [
  {
    category: 'instruments',
    names: { zh: '乐器', en: 'Instruments' },
    count: 3,
    children: [
      {
        name: 'Drums',
        names: { zh: '鼓', en: 'Drums' },
        count: 2,
        children: [
          { name: 'Kick', names: { zh: '底鼓', en: 'Kick' }, count: 1 },
          { name: 'Snare', names: { zh: '军鼓', en: 'Snare' }, count: 1 },
        ],
      },
      { name: 'Empty', names: { zh: '空', en: 'Empty' }, count: 0, children: [] },
    ],
  },
  { category: 'genres', names: { zh: '曲风', en: 'Genres' }, count: 0, children: [] },
];

describe('breadcrumb category select', () => {
  it('groups secondary names under their primary name, in the UI language', () => {
    expect(categoryGroups(tree, 'instruments', 'zh')).toEqual([
      {
        label: '鼓',
        name: 'Drums',
        options: [
          { label: '底鼓', path: '/sounds/instruments/asset/Samples:Drums/:Kick' },
          { label: '军鼓', path: '/sounds/instruments/asset/Samples:Drums/:Snare' },
        ],
      },
    ]);
    expect(categoryGroups(tree, 'instruments', 'en')[0]?.options[1]?.label).toBe('Snare');
  });

  it('is empty for a category without children or missing from the tree', () => {
    expect(categoryGroups(tree, 'genres', 'en')).toEqual([]);
    expect(categoryGroups(tree, 'chineseStyle', 'en')).toEqual([]);
  });
});
