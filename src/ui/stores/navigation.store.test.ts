import { beforeEach, describe, expect, it } from 'vitest';
import {
  NAMES_LIMIT,
  TAB_LIMIT,
  placeName,
  placeOf,
  sanitizeNavigation,
  useNavigationStore,
} from './navigation.store.ts';

const nav = () => useNavigationStore.getState();

beforeEach(() => {
  localStorage.clear();
  useNavigationStore.setState({ history: [], currentIndex: -1, tabs: [], names: {}, missing: [] });
});

describe('page history', () => {
  it('moves back and forward within bounds', () => {
    ['/a', '/b', '/c'].forEach((p) => nav().visit(p));
    expect(nav().back()).toBe('/b');
    expect(nav().back()).toBe('/a');
    expect(nav().back()).toBeNull();
    expect(nav().currentIndex).toBe(0);
    expect(nav().forward()).toBe('/b');
    expect(nav().forward()).toBe('/c');
    expect(nav().forward()).toBeNull();
    expect(nav().currentIndex).toBe(2);
  });

  it('drops forward entries when navigating after going back', () => {
    ['/a', '/b', '/c'].forEach((p) => nav().visit(p));
    nav().back();
    nav().back();
    nav().visit('/d');
    expect(nav().history).toEqual(['/a', '/d']);
    expect(nav().currentIndex).toBe(1);
    expect(nav().forward()).toBeNull();
  });

  it('ignores a visit to the page already current (back/forward landing)', () => {
    ['/a', '/b'].forEach((p) => nav().visit(p));
    const target = nav().back()!;
    nav().visit(target);
    expect(nav().history).toEqual(['/a', '/b']);
    expect(nav().currentIndex).toBe(0);
  });
});

describe('tabs', () => {
  beforeEach(() => {
    ['/sounds', '/login', '/preferences', '/404', '/songai', '/profile/ac', '/sounds'].forEach(
      (p) => nav().visit(p),
    );
  });

  it('keeps excluded paths out and opens each page once', () => {
    expect(nav().tabs).toEqual(['/sounds', '/preferences', '/songai', '/profile/ac']);
  });

  it('removes by index, to the right, and others', () => {
    expect(nav().removeTabs('index', 1)).toEqual(['/sounds', '/songai', '/profile/ac']);
    expect(nav().removeTabs('right', 1)).toEqual(['/sounds', '/songai']);
    expect(nav().removeTabs('other', 1)).toEqual(['/songai']);
    expect(nav().removeTabs('index', 5)).toEqual(['/songai']); // out of range: no change
  });
});

describe('stored navigation', () => {
  it('clamps a bad index and drops invalid tabs', () => {
    expect(
      sanitizeNavigation({ history: ['/a', '/b'], currentIndex: 9, tabs: ['/a', '/login', 3] }),
    ).toMatchObject({ history: ['/a', '/b'], currentIndex: 1, tabs: [] });
    expect(
      sanitizeNavigation({ history: ['/a'], currentIndex: 0, tabs: ['/a', '/404', '/a'] }),
    ).toMatchObject({ history: ['/a'], currentIndex: 0, tabs: ['/a'] });
    expect(sanitizeNavigation(null)).toEqual({
      history: [],
      currentIndex: -1,
      tabs: [],
      names: {},
    });
  });
});

describe('one tab per place', () => {
  it('updates a place’s tab in place when only its query changes', () => {
    [
      '/sounds',
      '/sounds/instruments',
      '/sounds?sort=NEWEST',
      '/sounds?sort=NEWEST&bpmMin=90',
    ].forEach((p) => nav().visit(p));
    expect(nav().tabs).toEqual(['/sounds?sort=NEWEST&bpmMin=90', '/sounds/instruments']);
    expect(nav().history).toHaveLength(4);
  });

  it('gives no tab to a visit marked tabless or a place found missing, in either order', () => {
    nav().visit('/no/such/page', { tab: false });
    nav().dropPlace('/sounds/nope');
    nav().visit('/sounds/nope');
    nav().visit('/sounds/gone?x=1');
    nav().dropPlace('/sounds/gone');
    expect(nav().tabs).toEqual([]);
    expect(nav().history).toEqual(['/no/such/page', '/sounds/nope', '/sounds/gone?x=1']);
  });

  it('keeps the latest names, bounded, and a named place is no longer missing', () => {
    nav().dropPlace('/p');
    nav().name('/p', { zh: '音色包' });
    nav().visit('/p');
    expect(nav().tabs).toEqual(['/p']);
    for (let i = 0; i < NAMES_LIMIT + 5; i++) nav().name(`/n${i}`, { en: `N${i}` });
    expect(Object.keys(nav().names)).toHaveLength(NAMES_LIMIT);
    expect(nav().names[`/n${NAMES_LIMIT + 4}`]).toEqual({ en: `N${NAMES_LIMIT + 4}` });
    expect(nav().names['/p']).toBeUndefined();
  });

  it('merges stored tabs of one place, keeps the newest eight, and drops bad names', () => {
    const many = Array.from({ length: 12 }, (_, i) => `/p${i}`);
    expect(
      sanitizeNavigation({
        history: [],
        tabs: ['/a?x=1', '/a?x=2', '/b', ...many],
        names: { '/a': 'A', '/d': { zh: '丁', en: '' }, b: 'no slash', '/c': 3 },
      }),
    ).toMatchObject({
      tabs: many.slice(-TAB_LIMIT),
      // A name stored before names had languages names the place in both.
      names: { '/a': { zh: 'A', en: 'A' }, '/d': { zh: '丁' } },
    });
  });
});

describe('the tab strip (issue 30 §8)', () => {
  it('holds at most eight tabs after 20 navigations, one per place, the oldest dropped', () => {
    const paths = [
      '/sounds',
      '/sounds/instruments',
      '/sounds/instruments?sort=NEWEST',
      '/sounds/instruments/asset/All:Drums',
      '/sounds/instruments/asset/All%3ADrums',
      '/sounds/instruments/asset/All:Drums/',
      '/sounds/stockroom/resources',
      '/sounds/other/likes',
      '/sounds/packs',
      '/sounds/packs/track/golden-koi/samples',
      '/sounds/packs/track/golden-koi/samples?bpmMin=90',
      '/sounds/search/track/kick/samples',
      '/sounds/genres',
      '/sounds/genres?bpmMin=120',
      '/songai',
      '/preferences',
      '/profile/ac',
      '/profile/orders',
      '/sounds/cinematicFx',
      '/sounds/chineseStyle',
    ];
    expect(paths).toHaveLength(20);
    paths.forEach((p) => nav().visit(p));
    const { tabs } = nav();
    expect(tabs.length).toBeLessThanOrEqual(TAB_LIMIT);
    expect(TAB_LIMIT).toBe(8);
    expect(new Set(tabs.map(placeOf)).size).toBe(tabs.length);
    // The newest places stay, the page on screen among them; the oldest went first.
    expect(tabs.at(-1)).toBe('/sounds/chineseStyle');
    expect(tabs.map(placeOf)).not.toContain('/sounds');
    expect(tabs).toContain('/sounds/genres?bpmMin=120');
  });

  it('names a place in the language asked, published in both or in one', () => {
    nav().name('/sounds/packs/track/golden-koi/samples', { zh: '金锦鲤', en: 'Golden Koi' });
    nav().name('/sounds/similar/7', { zh: '与“底鼓 01”相似的采样' });
    const { names } = nav();
    expect(placeName(names, '/sounds/packs/track/golden-koi/samples', 'zh')).toBe('金锦鲤');
    expect(placeName(names, '/sounds/packs/track/golden-koi/samples', 'en')).toBe('Golden Koi');
    // Named in one language only (until the page is seen in the other): that name.
    expect(placeName(names, '/sounds/similar/7', 'en')).toBe('与“底鼓 01”相似的采样');
    nav().name('/sounds/similar/7', { en: 'Like “Kick 01”' });
    expect(placeName(nav().names, '/sounds/similar/7', 'en')).toBe('Like “Kick 01”');
    expect(placeName(nav().names, '/sounds/similar/7', 'zh')).toBe('与“底鼓 01”相似的采样');
  });
});
