import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '../../api/page.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { PreferencesPage } from './PreferencesPage.tsx';
import { switchLanguage } from './preferences.actions.ts';

beforeEach(async () => {
  localStorage.clear();
  useSettingsStore.getState().reset();
  useToastStore.setState({ toasts: [] });
  await i18n.changeLanguage('zh');
  vi.spyOn(page, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('language switch', () => {
  it('changes the language with a success toast in the new language, without reloading', async () => {
    await switchLanguage('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(useSettingsStore.getState().language).toBe('en');
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Language switched'],
    ]);
    expect(page.reload).not.toHaveBeenCalled();
    await switchLanguage('zh');
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('切换语言成功');
  });
});

describe('PreferencesPage', () => {
  it('changes and persists every setting', async () => {
    renderWithApp(<PreferencesPage />, { path: '/preferences' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '资源排序' }), 'NEWEST');
    await userEvent.click(screen.getByRole('radio', { name: '深色' }));
    await userEvent.click(screen.getByRole('switch', { name: '保持离线' }));
    await userEvent.click(screen.getByRole('switch', { name: '开机启动' }));
    await userEvent.type(screen.getByLabelText('下载路径'), '/music');
    expect(useSettingsStore.getState()).toMatchObject({
      assetSort: 'NEWEST',
      displayMode: 'dark',
      stayOffline: true,
      appStartup: true,
      downloadPath: '/music',
    });
    const stored = JSON.parse(localStorage.getItem('yinku.settings')!).state;
    expect(stored).toMatchObject({
      assetSort: 'NEWEST',
      displayMode: 'dark',
      downloadPath: '/music',
    });
    await userEvent.click(screen.getByRole('radio', { name: '跟随系统' }));
    expect(useSettingsStore.getState().displayMode).toBeNull();
  });
});
