import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagCount } from '../../../../shared/index.ts';
import { testCategory, testNode } from '../../../testing/category-tree.ts';
import { usePlayerStore } from '../../../player/store/player.store.ts';
import { SampleList } from '../components/SampleList.tsx';
import { rowTextCells } from '../components/format.ts';
import { peaksCache } from '../services.ts';
import { fakeLayout, renderSounds, sample } from '../testing/render.tsx';
import {
  buildLabels,
  setCatalogueLabels,
  tagLabel,
  typeLabel,
  typeName,
} from './catalogue-labels.store.ts';

const TREE = [
  testCategory('instruments', ['Instruments', '乐器'], 3, [
    testNode('Drums', '鼓组', 3, [testNode('Kick', '底鼓', 3)]),
  ]),
];
const TAGS: TagCount[] = [{ tag: 'punchy', names: { zh: '有力', en: 'punchy' }, count: 3 }];
const labels = buildLabels(TREE, TAGS);

describe('catalogue labels', () => {
  it('names types, groups and tags in either language', () => {
    const kick = sample(1);
    expect(typeLabel(labels, kick, 'zh')).toBe('鼓组 · 底鼓');
    expect(typeLabel(labels, kick, 'en')).toBe('Drums · Kick');
    expect(typeName(labels, 'zh', 'instruments', 'Drums')).toBe('鼓组');
    expect(tagLabel(labels, 'punchy', 'zh')).toBe('有力');
    expect(tagLabel(labels, 'punchy', 'en')).toBe('punchy');
  });

  it('falls back to the stored names before they load or when the library has no name', () => {
    const empty = buildLabels([], []);
    expect(typeLabel(empty, sample(1), 'zh')).toBe('Drums · Kick');
    expect(typeLabel(labels, sample(2, { audioGroup: 'Rimshot' }), 'zh')).toBe('鼓组 · Rimshot');
    // The same primary name in another category is another type.
    expect(typeLabel(labels, sample(3, { category: 'genres' }), 'zh')).toBe('Drums · Kick');
    expect(tagLabel(labels, 'imported-word', 'zh')).toBe('imported-word');
  });

  it('row text: type in the language, and a loop’s bars under its duration', () => {
    const context = (language: 'zh' | 'en') => ({
      labels,
      language,
      bars: (n: number) => (language === 'zh' ? `${n} 小节` : `${n} bars`),
    });
    const loop = sample(4, {
      duration: 8,
      audioBpm: 120,
      audioData: { ...sample(4).audioData, kind: 'loop' },
    });
    expect(rowTextCells(loop, context('zh'))[0]!.text).toBe('鼓组 · 底鼓');
    expect(rowTextCells(loop, context('zh'))[3]!.sub).toBe('4 小节');
    expect(rowTextCells(loop, context('en'))[3]!.sub).toBe('4 bars');
    // One-shots and loops of unknown tempo have no bars.
    expect(rowTextCells(sample(5, { duration: 8 }), context('zh'))[3]!.sub).toBeUndefined();
    const noTempo = { ...loop, audioBpm: null };
    expect(rowTextCells(noTempo, context('zh'))[3]!.sub).toBeUndefined();
  });
});

describe('rows in the UI language', () => {
  let restoreLayout: () => void;
  beforeEach(() => {
    restoreLayout = fakeLayout();
    vi.spyOn(peaksCache(), 'load').mockResolvedValue([]);
    usePlayerStore.setState({ setPlayList: vi.fn() });
    setCatalogueLabels(labels);
  });
  afterEach(() => {
    restoreLayout();
    vi.restoreAllMocks();
  });

  const rows = [
    sample(1),
    sample(2, {
      duration: 4,
      audioBpm: 120,
      audioData: { ...sample(2).audioData, kind: 'loop' },
      detected: ['bpm'],
    }),
  ];
  const render = (language: 'zh' | 'en') =>
    renderSounds(<SampleList total={rows.length} rows={rows} ensureRange={() => {}} />, {
      language,
    });

  it('shows 鼓组 · 底鼓 and 小节 in Chinese', () => {
    render('zh');
    expect(screen.getAllByText('鼓组 · 底鼓')).toHaveLength(2);
    expect(screen.queryByText('Drums · Kick')).toBeNull();
    expect(screen.getByText('2 小节')).toBeTruthy();
  });

  it('shows Drums · Kick and bars in English', () => {
    render('en');
    expect(screen.getAllByText('Drums · Kick')).toHaveLength(2);
    expect(screen.getByText('2 bars')).toBeTruthy();
  });

  it('marks a detected value, and only it, with ≈ and the tooltip 检测值', () => {
    render('zh');
    const marks = screen.getAllByTitle(/^检测值/);
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toBe('≈');
    expect(marks[0]!.closest('[role=gridcell]')!.textContent).toBe('120≈');
  });
});
