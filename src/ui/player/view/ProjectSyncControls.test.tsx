import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../../i18n/i18n.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { makeTheme } from '../../theme/index.ts';
import { ProjectSyncControls } from './ProjectSyncControls.tsx';

function renderControls(narrow: boolean, language: 'zh' | 'en' = 'zh') {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  void i18n.changeLanguage(language);
  return render(
    <ThemeProvider theme={makeTheme('light')}>
      <ProjectSyncControls />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useSettingsStore.getState().reset();
});

describe('project tempo, key and sync', { timeout: 20_000 }, () => {
  it('saves a tempo typed with decimals, and keeps an invalid one out', () => {
    renderControls(false);
    const tempo = screen.getByRole('spinbutton', { name: /项目速度/ });
    fireEvent.change(tempo, { target: { value: '97.5' } });
    fireEvent.keyDown(tempo, { key: 'Enter' });
    expect(useSettingsStore.getState().projectTempo).toBe(97.5);
    fireEvent.change(tempo, { target: { value: '300' } });
    expect(tempo.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(tempo);
    expect(useSettingsStore.getState().projectTempo).toBe(97.5);
    expect((tempo as HTMLInputElement).value).toBe('97.5');
    fireEvent.change(tempo, { target: { value: '' } });
    fireEvent.blur(tempo);
    expect(useSettingsStore.getState().projectTempo).toBeNull();
  });

  it('sets the tempo from taps', () => {
    renderControls(false);
    const now = vi.spyOn(performance, 'now');
    const tap = screen.getByRole('button', { name: '敲击定速' });
    for (const t of [1000, 1500, 2000, 2500]) {
      now.mockReturnValue(t);
      fireEvent.click(tap);
    }
    now.mockRestore();
    expect(useSettingsStore.getState().projectTempo).toBe(120);
  });

  it('offers the catalogue’s key codes and no key, and a switch for Sync', () => {
    renderControls(false);
    const key = screen.getByRole('combobox', { name: '项目调性' });
    const values = Array.from((key as HTMLSelectElement).options).map((o) => o.value);
    expect(values).toHaveLength(25);
    expect(values.slice(0, 3)).toEqual(['', 'C', 'C#']);
    expect(values).toContain('Bm');
    fireEvent.change(key, { target: { value: 'Cm' } });
    expect(useSettingsStore.getState().projectKey).toBe('Cm');
    fireEvent.click(screen.getByRole('switch', { name: /同步/ }));
    expect(useSettingsStore.getState().sync).toBe(true);
    expect(JSON.parse(localStorage.getItem('yinku.settings')!).state).toMatchObject({
      projectKey: 'Cm',
      sync: true,
    });
  });

  it('folds into a popup of the player on narrow screens, in English too', () => {
    renderControls(true, 'en');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Project sync' }));
    expect(screen.getByRole('spinbutton', { name: /Project tempo/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Project key' })).toBeTruthy();
  });
});
