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
      { path: '/sounds/instruments/asset/Samples:Drums', title: '采样 Drums' },
      { path: '/sounds/instruments/asset/Samples:Drums/:Kick', title: 'Kick' },
    ]);
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
      '搜索：Drums / Kick',
    );
  });

  it('titles a page by its last crumb, home at /', () => {
    expect(pageTitleFor('/sounds/instruments', names, '首页')).toBe('乐器');
    expect(pageTitleFor('/', names, '首页')).toBe('首页');
  });
});
