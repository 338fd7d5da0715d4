import { describe, expect, it } from 'vitest';
import { crumbsFor, pageTitleFor, type CrumbNames } from './crumbs.ts';

const labels: Record<string, string> = {
  sounds: '音色',
  instruments: '乐器',
  Samples: '采样',
  stockroom: '仓库',
  resources: '采样',
  other: '我的',
  likes: '喜欢的采样',
  Packs: '音色包',
  packs: '音色包',
  search: '搜索',
  // Type and sub-category names come from the category tree (use-segment-label.ts).
  Drums: '鼓组',
  Kick: '底鼓',
  genres: '曲风',
  'hip-hop': '嘻哈',
};
const names: CrumbNames = {
  segment: (s) => labels[s] ?? null,
  search: (query) => `搜索：${query}`,
};

describe('crumbsFor', () => {
  it('strips colons, translates known parts and skips structural segments', () => {
    expect(crumbsFor('/sounds/instruments/asset/Samples:Drums/:Kick', names)).toEqual([
      { path: '/sounds', title: '音色' },
      { path: '/sounds/instruments', title: '乐器' },
      { path: '/sounds/instruments/asset/Samples:Drums', title: '鼓组 · 采样' },
      { path: '/sounds/instruments/asset/Samples:Drums/:Kick', title: '底鼓' },
    ]);
    // A name the library does not know stays as written, after its kind all the same.
    expect(pageTitleFor('/sounds/instruments/asset/All:Gamelan', names, '')).toBe('Gamelan · All');
  });

  it('decodes escaped names and survives malformed ones', () => {
    expect(crumbsFor('/sounds/%E5%8F%A4%E7%AD%9D/%E0', names).map((c) => c.title)).toEqual([
      '音色',
      '古筝',
      '%E0',
    ]);
  });

  it('leads the warehouse and liked middle crumbs to their sample lists', () => {
    expect(crumbsFor('/sounds/stockroom/Packs', names)).toEqual([
      { path: '/sounds', title: '音色' },
      { path: '/sounds/stockroom/resources', title: '仓库' },
      { path: '/sounds/stockroom/Packs', title: '音色包' },
    ]);
    expect(crumbsFor('/sounds/other/likes', names).map((c) => c.path)).toEqual([
      '/sounds',
      '/sounds/other/likes',
      '/sounds/other/likes',
    ]);
  });

  it('names a pack place by its published name, else its code, under the pack list', () => {
    const path = '/sounds/packs/track/studio-live-drums/samples';
    expect(crumbsFor(path, names)).toEqual([
      { path: '/sounds', title: '音色' },
      { path: '/sounds/packs', title: '音色包' },
      { path, title: 'studio-live-drums' },
    ]);
    const named = {
      ...names,
      place: (p: string) => (p === path ? 'Studio Live Drums' : undefined),
    };
    expect(pageTitleFor(path, named, '首页')).toBe('Studio Live Drums');
  });

  it('names a search place by its query, right after the browse page', () => {
    expect(crumbsFor('/sounds/search/track/dark%20kick/samples', names)).toEqual([
      { path: '/sounds', title: '音色' },
      { path: '/sounds/search/track/dark%20kick/samples', title: '搜索：dark kick' },
    ]);
    expect(pageTitleFor('/sounds/search/track/:Drums/:Kick/samples', names, '')).toBe(
      '搜索：鼓组 / 底鼓',
    );
    expect(pageTitleFor('/sounds/search/track/styles:hip-hop,trap/samples', names, '')).toBe(
      '搜索：曲风 · 嘻哈, trap',
    );
    // A typed word is the user's: "Kick" typed stays "Kick".
    expect(pageTitleFor('/sounds/search/track/Kick/samples', names, '')).toBe('搜索：Kick');
  });

  it('titles the warehouse and liked lists apart (both lists are 采样)', () => {
    const own = {
      ...names,
      segment: (s: string) => ({ ...labels, other: '收藏', likes: '采样' })[s] ?? null,
    };
    expect(pageTitleFor('/sounds/stockroom/resources', own, '')).toBe('仓库 · 采样');
    expect(pageTitleFor('/sounds/other/likes', own, '')).toBe('收藏 · 采样');
    expect(pageTitleFor('/sounds/other/Packs', own, '')).toBe('收藏 · 音色包');
    expect(pageTitleFor('/sounds/packs', own, '')).toBe('音色包');
  });

  it('titles a page by its last crumb, home at /', () => {
    expect(pageTitleFor('/sounds/instruments', names, '首页')).toBe('乐器');
    expect(pageTitleFor('/', names, '首页')).toBe('首页');
  });
});
