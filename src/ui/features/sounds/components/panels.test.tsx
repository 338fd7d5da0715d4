import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../shared/index.ts';
import { testCategory, testNode } from '../../../testing/category-tree.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { useSessionStore } from '../../../stores/session.store.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';
import { sampleKey, useItemFlags } from '../../downloads/item-flags.store.ts';
import { useSelection } from '../model/selection.store.ts';
import { downloadActions } from '../services.ts';
import { renderSounds, sample } from '../testing/render.tsx';
import * as playSample from '../../../player/store/play-sample.ts';
import { CategorySelect } from './CategorySelect.tsx';
import { DetailPanel } from './DetailPanel.tsx';
import { SearchBar } from './SearchBar.tsx';
import { SelectionPanel } from './SelectionPanel.tsx';

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  useSelection.setState({ selected: [], anchor: null, detail: null });
  useItemFlags.getState().reset();
  useSettingsStore.getState().set('searchText', '');
});
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.getState().setUserInfo(null);
});

describe('SelectionPanel', () => {
  const rows = [
    sample(1, { download: true, likes: true }),
    sample(2, { download: true }),
    sample(3),
    sample(4, { download: true, likes: true }),
  ];
  const select = (...indexes: number[]) =>
    act(() => indexes.forEach((i) => useSelection.getState().toggle(rows, i, false)));

  it('appears with a selection and its close button clears it', async () => {
    renderSounds(<SelectionPanel />, { language: 'en' });
    expect(screen.queryByRole('region', { name: 'Selected samples' })).toBeNull();
    select(0, 1);
    const panel = screen.getByRole('region', { name: 'Selected samples' });
    expect(within(panel).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear selection' }));
    expect(useSelection.getState().selected).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Selected samples' })).toBeNull();
  });

  it('stacks the last three selected rows', () => {
    renderSounds(<SelectionPanel />, { language: 'en' });
    select(0, 1, 2, 3);
    const items = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-sample-id'));
    expect(items).toEqual(['2', '3', '4']);
  });

  it('enables bulk download/like only when a selected row lacks the flag', () => {
    renderSounds(<SelectionPanel />, { language: 'en' });
    const download = () => screen.getByRole('button', { name: 'Download selected' });
    const like = () => screen.getByRole('button', { name: 'Like selected' });
    select(0);
    expect(download()).toHaveProperty('disabled', true);
    expect(like()).toHaveProperty('disabled', true);
    select(1);
    expect(download()).toHaveProperty('disabled', true);
    expect(like()).toHaveProperty('disabled', false);
    act(() => useItemFlags.getState().patch(sampleKey(2), { likes: true }));
    expect(like()).toHaveProperty('disabled', true);
    select(2);
    expect(download()).toHaveProperty('disabled', false);
  });

  it('bulk like hands the whole selection to the like flow', async () => {
    const likeMany = vi.spyOn(downloadActions(), 'likeMany').mockResolvedValue(2);
    renderSounds(<SelectionPanel />, { language: 'zh' });
    select(1, 2);
    await userEvent.click(screen.getByRole('button', { name: '批量收藏' }));
    expect(likeMany).toHaveBeenCalledWith([rows[1], rows[2]]);
  });
});

describe('SearchBar', () => {
  const userInfo = {
    email: 'u@yinku.local',
    roles: [],
    menus: [],
    sampleTypes: [{ name: 'Guzheng' }, { name: 'guzheng' }, { name: 'Bass' }],
  } as unknown as UserInfo;

  it('suggests the user types that match, once each, and the preset groups', async () => {
    useSessionStore.getState().setUserInfo(userInfo);
    renderSounds(<SearchBar />, { language: 'en' });
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.type(input, 'GU');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Guzheng', 'guitar']);
    expect(within(list).getByRole('group', { name: 'Your types' })).toBeTruthy();
    expect(within(list).getByRole('group', { name: 'Instruments' })).toBeTruthy();
  });

  it('shows the preset suggestions of an empty field in the user language', async () => {
    renderSounds(<SearchBar />);
    await userEvent.click(screen.getByRole('combobox', { name: '搜索' }));
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('option', { name: '人声' })).toBeTruthy();
    expect(within(list).getByRole('option', { name: '嘻哈' })).toBeTruthy();
    fireEvent.mouseDown(within(list).getByRole('option', { name: '军鼓' }));
    // The search itself uses the library's English word, which the index holds beside the Chinese.
    expect(location()).toBe('/sounds/search/track/snare/samples');
  });

  it('Enter goes to the search route for the typed text', async () => {
    renderSounds(<SearchBar />, { language: 'en' });
    await userEvent.type(screen.getByRole('combobox'), 'kick drum{Enter}');
    expect(location()).toBe('/sounds/search/track/kick%20drum/samples');
  });

  it('choosing a suggestion with the keyboard or the mouse searches it', async () => {
    renderSounds(<SearchBar />, { language: 'en' });
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'tra');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(location()).toBe('/sounds/search/track/styles%3Atrap/samples');
    await userEvent.clear(input);
    await userEvent.type(input, '80');
    fireEvent.mouseDown(screen.getByRole('option', { name: '808' }));
    expect(location()).toBe('/sounds/search/track/808/samples');
  });
});

describe('CategorySelect', () => {
  const tree = [
    testCategory('instruments', ['Instruments', '乐器'], 4, [
      testNode('Drums', '鼓', 3, [testNode('Kick', '底鼓', 2), testNode('Snare', '军鼓', 1)]),
      testNode('Bass', '贝斯', 1, [testNode('Sub', '超低音', 1)]),
    ]),
  ];

  it('is absent outside category asset pages', () => {
    vi.spyOn(catalogueApi, 'tree').mockResolvedValue(tree);
    renderSounds(<CategorySelect />, { path: '/sounds/instruments' });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('groups the sub-categories and jumps to Samples:{group}/:{option}', async () => {
    vi.spyOn(catalogueApi, 'tree').mockResolvedValue(tree);
    renderSounds(<CategorySelect />, {
      path: '/sounds/instruments/asset/All:Drums/:Kick',
      language: 'en',
    });
    const select = await screen.findByRole('combobox', { name: 'Switch sub-category' });
    expect((select as HTMLSelectElement).value).toBe(
      '/sounds/instruments/asset/Samples:Drums/:Kick',
    );
    const groups = select.querySelectorAll('optgroup');
    expect([...groups].map((g) => g.label)).toEqual(['Drums', 'Bass']);
    await userEvent.selectOptions(select, 'Sub');
    expect(location()).toBe('/sounds/instruments/asset/Samples:Bass/:Sub');
  });
});

describe('DetailPanel', () => {
  it('closes on Esc, and plays a similar sample in place', async () => {
    const shown = sample(1);
    const similar = sample(2);
    vi.spyOn(catalogueApi, 'samples').mockResolvedValue({
      records: [shown, similar],
      total: 2,
      page: 1,
      pageSize: 8,
    });
    const toggle = vi.spyOn(playSample, 'toggleSample').mockImplementation(() => {});
    act(() => useSelection.getState().showDetail({ type: 'sample', sample: shown }));
    renderSounds(<DetailPanel />);
    const panel = screen.getByRole('complementary', { name: '详情' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: `播放 ${similar.audioName}` }),
    );
    expect(toggle).toHaveBeenCalledWith(similar, [similar]);
    expect(useSelection.getState().detail).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useSelection.getState().detail).toBeNull();
  });
});
