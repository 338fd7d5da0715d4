import { beforeEach, describe, expect, it } from 'vitest';
import {
  SETTINGS_DEFAULTS,
  migrateSettings,
  sanitizeSettings,
  useSettingsStore,
} from './settings.store.ts';

beforeEach(() => {
  localStorage.clear();
  useSettingsStore.getState().reset();
});

describe('settings store', () => {
  it('has the docs/PRODUCT.md §9 defaults', () => {
    expect(SETTINGS_DEFAULTS).toMatchObject({
      language: 'zh',
      mainColour: '#409eff',
      assetSort: 'MOST_POPULAR',
      volume: 0.8,
      displayMode: null, // follows the OS until the user chooses
    });
  });

  it('persists a change with its version', () => {
    useSettingsStore.getState().set('language', 'en');
    const stored = JSON.parse(localStorage.getItem('yinku.settings')!);
    expect(stored).toMatchObject({ version: 1, state: { language: 'en' } });
    expect(stored.state.set).toBeUndefined();
  });

  it('refuses invalid values from callers', () => {
    useSettingsStore.getState().set('volume', 7);
    useSettingsStore.getState().set('mainColour', 'red; background:url(x)');
    expect(useSettingsStore.getState()).toMatchObject({ volume: 0.8, mainColour: '#409eff' });
  });

  it('replaces each corrupted stored value by its default and keeps the valid ones', () => {
    const settings = sanitizeSettings({
      language: 'fr',
      displayMode: 'dark',
      mainColour: 42,
      assetSort: 'NEWEST',
      volume: Number.NaN,
      stayOffline: 'yes',
      menuLevels: ['a'],
      unknown: true,
    });
    expect(settings).toEqual({
      ...SETTINGS_DEFAULTS,
      displayMode: 'dark',
      assetSort: 'NEWEST',
    });
    expect(sanitizeSettings('garbage')).toEqual(SETTINGS_DEFAULTS);
  });

  it('rehydrates from storage, surviving unreadable JSON', async () => {
    localStorage.setItem(
      'yinku.settings',
      JSON.stringify({ version: 1, state: { language: 'en', volume: 5 } }),
    );
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({ language: 'en', volume: 0.8 });
    localStorage.setItem('yinku.settings', '{not json');
    useSettingsStore.getState().reset();
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().language).toBe('zh');
  });

  it('keeps the project tempo, key and sync, and drops invalid ones on read and on set', async () => {
    localStorage.setItem(
      'yinku.settings',
      JSON.stringify({ version: 1, state: { projectTempo: 97.5, projectKey: 'C#m', sync: true } }),
    );
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({
      projectTempo: 97.5,
      projectKey: 'C#m',
      sync: true,
    });
    useSettingsStore.getState().set('projectTempo', 300);
    useSettingsStore.getState().set('projectKey', 'H' as never);
    expect(useSettingsStore.getState()).toMatchObject({ projectTempo: 97.5, projectKey: 'C#m' });
    useSettingsStore.getState().set('projectKey', null);
    expect(useSettingsStore.getState().projectKey).toBeNull();
    expect(
      sanitizeSettings({ projectTempo: 39, projectKey: 'Db', sync: 'on', language: 'en' }),
    ).toEqual({ ...SETTINGS_DEFAULTS, language: 'en' });
  });

  it('migrates version 0 settings', () => {
    expect(migrateSettings({ isDark: true, volume: 50, language: 'en' }, 0)).toMatchObject({
      displayMode: 'dark',
      volume: 0.5,
      language: 'en',
    });
  });
});
