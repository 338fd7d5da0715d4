import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigationStore } from '../../stores/navigation.store.ts';
import { renderWithApp } from '../../test/render.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HistoryButtons } from './HistoryButtons.tsx';
import { NavigationTracker } from './NavigationTracker.tsx';
import { TabsBar } from './TabsBar.tsx';

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  useNavigationStore.setState({ history: [], currentIndex: -1, tabs: [], names: {}, missing: [] });
});

describe('Breadcrumbs', () => {
  it('strips colons and navigates back from a crumb other than the last', async () => {
    renderWithApp(<Breadcrumbs />, { path: '/sounds/instruments/asset/Samples:Drums/:Kick' });
    const current = screen.getByText('Kick');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Kick' })).toBeNull();
    expect(screen.getByRole('button', { name: '采样 Drums' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '乐器' }));
    expect(location()).toBe('/sounds/instruments');
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
    const { router } = renderWithApp(
      <>
        <NavigationTracker />
        <TabsBar />
      </>,
      { path: '/sounds' },
    );
    await act(() => router.navigate('/preferences'));
    await act(() => router.navigate('/profile/orders'));
    await userEvent.click(screen.getByRole('button', { name: '关闭 订单' }));
    expect(location()).toBe('/preferences');
    expect(useNavigationStore.getState().tabs).toEqual(['/sounds', '/preferences']);
  });

  it('titles the page from the modelName route parameter when present', async () => {
    renderWithApp(<NavigationTracker />, {
      path: '/model/Grand%20Piano',
      routes: [{ path: '/model/:modelName', element: <NavigationTracker /> }],
    });
    expect(document.title).toBe('Grand Piano · 音库');
  });
});
