import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESKTOP_BRIDGE_GLOBAL } from '../../../shared/desktop-bridge/bridge.types.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DesktopAppCard } from './DesktopAppCard.tsx';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
});

describe('DesktopAppCard', () => {
  it('in a browser: what the app does, how to open it and how to get it, no command', () => {
    renderWithApp(<DesktopAppCard />);
    expect(screen.getByRole('heading', { name: '桌面应用' })).toBeTruthy();
    expect(screen.getByText(/打开电脑上的「音库」应用/)).toBeTruthy();
    expect(screen.getByText(/向为你提供音库的管理员索取/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/npm/);
  });

  it('in the desktop window: its version and folder, and a button that opens the folder', async () => {
    const openFolder = vi.fn(async () => {});
    Object.assign(window, {
      [DESKTOP_BRIDGE_GLOBAL]: {
        version: '1.2.3',
        saveFile: vi.fn(),
        openFolder,
        getDownloadRoot: async () => '/home/me/Yinku',
      },
    });
    renderWithApp(<DesktopAppCard />);
    expect(screen.getByText(/版本 1\.2\.3/)).toBeTruthy();
    expect((await screen.findByTestId('desktop-root')).textContent).toBe(
      '下载文件夹：/home/me/Yinku',
    );
    await userEvent.click(screen.getByRole('button', { name: '打开下载文件夹' }));
    expect(openFolder).toHaveBeenCalledWith();
  });
});
