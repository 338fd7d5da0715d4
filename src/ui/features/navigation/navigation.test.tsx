import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '../../../shared/index.ts';
import { i18n } from '../../i18n/i18n.ts';
import { TAB_LIMIT, useNavigationStore } from '../../stores/navigation.store.ts';
import { testCategory, testNode } from '../../testing/category-tree.ts';
import { envelope, installFakeFetch } from '../../testing/fake-fetch.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HistoryButtons } from './HistoryButtons.tsx';
import { NavigationTracker } from './NavigationTracker.tsx';
import { TabsBar } from './TabsBar.tsx';

const location = () => screen.getByTestId('location').textContent;

/** The category tree the fake gateway answers: Drums › Kick, named in both languages. */
const TREE = [
  testCategory('instruments', ['Instruments', '乐器'], 2, [
    testNode('Drums', '鼓组', 2, [testNode('Kick', '底鼓', 2)]),
  ]),
];

beforeEach(() => {
  localStorage.clear();
  useNavigationStore.setState({ history: [], currentIndex: -1, tabs: [], names: {}, missing: [] });
  installFakeFetch(({ url }) =>
    url.pathname === API.instrumentsStyle ? envelope(TREE) : envelope(null, { status: 404 }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

/** The tabs bar with the tracker that feeds it, at `path`. */
const renderTabs = (path: string) =>
  renderWithApp(
    <>
      <NavigationTracker />
      <TabsBar />
    </>,
    { path },
  );

describe('Breadcrumbs', () => {
  it('strips colons, names types in the UI language, and navigates back from a crumb', async () => {
    renderWithApp(<Breadcrumbs />, { path: '/sounds/instruments/asset/Samples:Drums/:Kick' });
    const current = await screen.findByText('底鼓');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: '底鼓' })).toBeNull();
    expect(screen.getByRole('button', { name: '鼓组 · 采样' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '乐器' }));
    expect(location()).toBe('/sounds/instruments');
  });
});

describe('Breadcrumbs after a language switch', () => {
  it('renames every crumb and keeps none of the old language', async () => {
    // The middle crumb leads where the last one is: keys by path once kept a stale 收藏.
    renderWithApp(<Breadcrumbs />, { path: '/sounds/other/likes' });
    const trail = () =>
      within(screen.getByRole('navigation', { name: /当前位置|You are here/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(trail()).toEqual(['音色', '收藏', '采样']);
    await act(() => i18n.changeLanguage('en'));
    expect(trail()).toEqual(['Sounds', 'Liked', 'Samples']);
  });
});

describe('history, tabs and title', () => {
  it('records pages, moves back and forward, and titles the page', async () => {
    const { router } = renderWithApp(
      <>
        <NavigationTracker />
        <HistoryButtons />
        <TabsBar />
      </>,
      { path: '/sounds' },
    );
    await act(() => router.navigate('/preferences'));
    await act(() => router.navigate('/login'));
    expect(useNavigationStore.getState().history).toEqual(['/sounds', '/preferences', '/login']);
    expect(document.title).toBe('登录 · 音库');
    await userEvent.click(screen.getByRole('button', { name: '后退' }));
    expect(location()).toBe('/preferences');
    expect(useNavigationStore.getState().history).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: '前进' }));
    expect(location()).toBe('/login');
    expect((screen.getByRole('button', { name: '前进' }) as HTMLButtonElement).disabled).toBe(true);
    // /login is kept out of the tabs.
    expect(useNavigationStore.getState().tabs).toEqual(['/sounds', '/preferences']);
  });

  it('closing the current tab moves to its neighbour', async () => {
    const { router } = renderTabs('/sounds');
    await act(() => router.navigate('/preferences'));
    await act(() => router.navigate('/profile/orders'));
    await userEvent.click(screen.getByRole('button', { name: '关闭 订单' }));
    expect(location()).toBe('/preferences');
    expect(useNavigationStore.getState().tabs).toEqual(['/sounds', '/preferences']);
  });

  it('names every tab in the language of the UI, renamed on a switch', async () => {
    const { router } = renderTabs('/sounds/stockroom/resources');
    const pack = '/sounds/packs/track/golden-koi/samples';
    useNavigationStore.getState().name(pack, { zh: '金锦鲤', en: 'Golden Koi' });
    for (const path of [
      '/sounds/other/likes',
      '/sounds/instruments/asset/All:Drums',
      pack,
      '/preferences',
    ])
      await act(() => router.navigate(path));
    const tabNames = () =>
      within(screen.getByRole('list', { name: /已打开的页面|Open pages/ }))
        .getAllByRole('button', { current: undefined })
        .filter((button) => !button.getAttribute('aria-label'))
        .map((button) => button.textContent);
    await waitFor(() => expect(tabNames()).toContain('鼓组 · 全部'));
    expect(tabNames()).toEqual(['仓库 · 采样', '收藏 · 采样', '鼓组 · 全部', '金锦鲤', '偏好设置']);
    expect(document.title).toBe('偏好设置 · 音库');
    await act(() => i18n.changeLanguage('en'));
    expect(tabNames()).toEqual([
      'Warehouse · Samples',
      'Liked · Samples',
      'Drums · All',
      'Golden Koi',
      'Preferences',
    ]);
    expect(document.title).toMatch(/^Preferences · /);
    expect(tabNames().length).toBeLessThanOrEqual(TAB_LIMIT);
  });

  it('titles the page from the modelName route parameter when present', async () => {
    renderWithApp(<NavigationTracker />, {
      path: '/model/Grand%20Piano',
      routes: [{ path: '/model/:modelName', element: <NavigationTracker /> }],
    });
    expect(document.title).toBe('Grand Piano · 音库');
  });
});
