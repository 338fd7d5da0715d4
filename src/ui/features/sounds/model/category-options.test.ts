import { describe, expect, it } from 'vitest';
import { testCategory, testNode } from '../../../testing/category-tree.ts';
import { categoryGroups } from './category-options.ts';

const tree = [
  testCategory('instruments', ['Instruments', '乐器'], 3, [
    testNode('Drums', '鼓', 2, [testNode('Kick', '底鼓', 1), testNode('Snare', '军鼓', 1)]),
    testNode('Empty', '空', 0),
  ]),
  testCategory('genres', ['Genres', '曲风'], 0),
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
