import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESKTOP_BRIDGE_GLOBAL } from '../../../shared/desktop-bridge/bridge.types.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { DesktopAppCard } from './DesktopAppCard.tsx';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
});

describe('DesktopAppCard', () => {
  it('in a browser: how to get and open the app (npm run desktop), not "ask your admin"', () => {
    renderWithApp(<DesktopAppCard />);
    expect(screen.getByRole('heading', { name: '桌面应用' })).toBeTruthy();
    expect(screen.getByText('npm run desktop').tagName).toBe('PRE');
    expect(screen.getByText(/^获取：/)).toBeTruthy();
    expect(screen.getByText(/^打开：/)).toBeTruthy();
    expect(document.body.textContent).toContain('docs/DESKTOP.md');
    expect(document.body.textContent).not.toMatch(/管理员/);
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
