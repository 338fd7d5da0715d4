import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { PreferencesPage } from '../preferences/PreferencesPage.tsx';
import { DownloadFolderButton } from './DownloadFolderButton.tsx';

/** A bridge keeping its root and start-up state like the shell does (absolute roots only). */
function installFakeBridge() {
  const state = { root: '/home/me/Yinku', startup: true, opened: 0 };
  const bridge = {
    version: 'test',
    saveFile: vi.fn(),
    getDownloadRoot: async () => state.root,
    setDownloadRoot: async (path: string) => {
      if (!path.startsWith('/'))
        throw new Error(`The download folder must be an absolute path: ${path}`);
      state.root = path;
      return path;
    },
    openFolder: async () => void state.opened++,
    getStartup: async () => state.startup,
    setStartup: vi.fn(async (on: boolean) => {
      if (on) throw new Error('autostart folder is read-only');
      state.startup = on;
      return on;
    }),
    checkConnectivity: async () => true,
    listFiles: async () => [],
    readFile: async () => '',
    offerDrag: async () => ({
      url: 'http://127.0.0.1:1/drag/x/y.wav',
      fileName: 'y.wav',
      lifetimeMs: 1,
    }),
  } satisfies DesktopBridge;
  Object.assign(window, { yinkuDesktop: bridge });
  return { bridge, state };
}

beforeEach(async () => {
  localStorage.clear();
  useSettingsStore.getState().reset();
  useToastStore.setState({ toasts: [] });
  await i18n.changeLanguage('zh');
});
afterEach(() => {
  delete (window as { yinkuDesktop?: unknown }).yinkuDesktop;
});

describe('preferences inside the desktop shell', () => {
  it('shows the shell root, refuses a bad one in place, applies a good one and opens it', async () => {
    const { state } = installFakeBridge();
    renderWithApp(<PreferencesPage />, { path: '/preferences' });
    const field = screen.getByLabelText('下载路径');
    await waitFor(() => expect(field).toHaveProperty('value', '/home/me/Yinku'));
    expect(useSettingsStore.getState().appStartup).toBe(true);

    await userEvent.clear(field);
    await userEvent.type(field, 'music');
    await userEvent.click(screen.getByRole('button', { name: '应用' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The download folder must be an absolute path: music',
    );
    expect(state.root).toBe('/home/me/Yinku');

    await userEvent.clear(field);
    await userEvent.type(field, '/data/samples');
    await userEvent.click(screen.getByRole('button', { name: '应用' }));
    await waitFor(() => expect(state.root).toBe('/data/samples'));
    expect(useSettingsStore.getState().downloadPath).toBe('/data/samples');
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('下载路径已更新');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '打开文件夹' }));
    expect(state.opened).toBe(1);
  });

  it('toggles start-up through the shell; a refusal puts the switch back with a toast', async () => {
    const { bridge } = installFakeBridge();
    renderWithApp(<PreferencesPage />, { path: '/preferences' });
    const toggle = screen.getByRole('switch', { name: '开机启动' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(bridge.setStartup).toHaveBeenLastCalledWith(false));
    expect(useSettingsStore.getState().appStartup).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)?.message).toBe(
        '无法设置开机启动：autostart folder is read-only',
      ),
    );
    expect(useSettingsStore.getState().appStartup).toBe(false);
  });

  it('the player bar button opens the shell root', async () => {
    const { state } = installFakeBridge();
    renderWithApp(<DownloadFolderButton />);
    const button = await screen.findByRole('button', { name: '打开下载文件夹：/home/me/Yinku' });
    await userEvent.click(button);
    expect(state.opened).toBe(1);
  });
});
