import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutStore } from '../../stores/layout.store.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { userInfo } from '../../testing/users.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

const tabs = () =>
  within(screen.getByRole('navigation', { name: '主导航' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  useSettingsStore.getState().reset();
  useLayoutStore.setState({ searchOpen: false, drawerOpen: false });
});

afterEach(() => vi.unstubAllGlobals());

describe('TopBar', () => {
  it('shows visitors Sounds only, with login and register buttons and no avatar menu', () => {
    renderWithApp(<TopBar />);
    expect(tabs()).toEqual(['音色']);
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '账户菜单' })).toBeNull();
  });

  it('shows an ORDINARY user Sounds only, and the avatar menu with its six entries', async () => {
    useSessionStore.getState().setUserInfo(userInfo(['ORDINARY']));
    renderWithApp(<TopBar />);
    expect(tabs()).toEqual(['音色']);
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '账户菜单' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      '查看资料',
      '设置',
      '安装桌面应用',
      '服务条款',
      '隐私政策',
      '退出登录',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: '隐私政策' }));
    expect(screen.getByTestId('location').textContent).toBe('/profile/privacy-policy');
  });

  it('shows other roles Sounds, Music and Pricing', () => {
    useSessionStore.getState().setUserInfo(userInfo(['CREATOR']));
    renderWithApp(<TopBar />);
    expect(tabs()).toEqual(['音色', '音乐', '价格']);
  });

  it('hides the avatar menu when the profile has no e-mail', () => {
    useSessionStore.getState().setUserInfo(userInfo(['ADMIN'], { email: '' }));
    renderWithApp(<TopBar />);
    expect(screen.queryByRole('button', { name: '账户菜单' })).toBeNull();
  });

  it('offers the search toggle on every page, not only on sounds paths', async () => {
    renderWithApp(<TopBar />, { path: '/preferences' });
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(useLayoutStore.getState().searchOpen).toBe(true);
  });

  it('toggles the search bar from its icon on /sounds', async () => {
    renderWithApp(<TopBar />, { path: '/sounds/instruments' });
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(useLayoutStore.getState().searchOpen).toBe(true);
  });

  it('switches to dark mode and records the choice', async () => {
    renderWithApp(<TopBar />);
    await userEvent.click(screen.getByRole('button', { name: '切换到深色模式' }));
    expect(useSettingsStore.getState().displayMode).toBe('dark');
    expect(screen.getByRole('button', { name: '切换到浅色模式' })).toBeTruthy();
  });
});

describe('Sidebar', () => {
  it('lists the three groups of the profile menus with their children', () => {
    useSessionStore.getState().setUserInfo(userInfo(['ORDINARY']));
    renderWithApp(<Sidebar />, { path: '/sounds' });
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      '浏览',
      '仓库',
      '收藏',
    ]);
    expect(screen.getByRole('link', { name: '乐器' }).getAttribute('href')).toBe(
      '/sounds/instruments',
    );
  });

  it('is disabled while the stay-offline setting is on', () => {
    useSessionStore.getState().setUserInfo(userInfo(['ORDINARY']));
    renderWithApp(<Sidebar />, { path: '/sounds' });
    expect(screen.getAllByRole('link')).toHaveLength(3);
    act(() => useSettingsStore.getState().set('stayOffline', true));
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('note').textContent).toBe('离线模式下导航不可用');
  });

  it('gives visitors the browse group', () => {
    renderWithApp(<Sidebar />, { path: '/sounds' });
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/sounds/instruments',
      '/sounds/genres',
      '/sounds/cinematicFx',
      '/sounds/chineseStyle',
    ]);
  });
});

describe('narrow screens', () => {
  it('folds the tabs into a burger drawer', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 759px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    useSessionStore.getState().setUserInfo(userInfo(['CREATOR']));
    renderWithApp(<TopBar />, { path: '/preferences' });
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = screen.getByRole('navigation', { name: '主导航' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['音色', '音乐', '价格', '仓库 · 采样', '收藏 · 音色包']);
    await userEvent.click(within(drawer).getByRole('link', { name: '音乐' }));
    expect(screen.getByTestId('location').textContent).toBe('/songai');
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    // The warehouse is one tap away in the drawer, and Esc closes the drawer.
    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    await userEvent.click(screen.getByRole('link', { name: '仓库 · 采样' }));
    expect(screen.getByTestId('location').textContent).toBe('/sounds/stockroom/resources');
    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });
});
