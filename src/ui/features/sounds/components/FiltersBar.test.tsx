import { act, isInaccessible, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioListQuery, Sample, TagCount } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { fakeLayout, renderSounds } from '../testing/render.tsx';
import { SampleListView } from './SampleListView.tsx';

const TAGS: TagCount[] = [
  { tag: 'trap', names: { zh: '陷阱', en: 'trap' }, count: 7 },
  { tag: 'dark', names: { zh: '暗黑', en: 'dark' }, count: 3 },
  { tag: 'hi-hat', names: { zh: '踩镲', en: 'hi-hat' }, count: 2 },
  { tag: 'hihat', names: { zh: '踩镲', en: 'hi-hat' }, count: 2 },
];

let restoreLayout: () => void;
const load = vi.fn(async (_query: AudioListQuery, _signal: AbortSignal) => ({
  records: [] as Sample[],
  total: 0,
  page: 1,
  pageSize: 100,
}));

beforeEach(() => {
  restoreLayout = fakeLayout();
  load.mockClear();
  vi.spyOn(catalogueApi, 'tags').mockResolvedValue(TAGS);
  vi.spyOn(catalogueApi, 'tree').mockResolvedValue([]);
});
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent ?? '';
const query = () => Object.fromEntries(new URLSearchParams(location().split('?')[1] ?? ''));

function renderView(path = '/sounds/genres/asset/Samples:Trap') {
  return renderSounds(
    <SampleListView base={{ category: 'genres', primaryName: 'Trap' }} load={load} />,
    { path },
  );
}

describe('FiltersBar in a list', () => {
  it('keeps typing: min applies on leaving it, max keeps the focus and applies after a pause', async () => {
    const user = userEvent.setup();
    renderView();
    const min = screen.getByRole('spinbutton', { name: '最低 BPM' });
    const max = screen.getByRole('spinbutton', { name: '最高 BPM' });
    await user.click(min);
    await user.keyboard('135');
    await user.click(max);
    expect(query()).toMatchObject({ bpmMin: '135' });
    await user.keyboard('145');
    expect(max).toBe(document.activeElement);
    expect(min).toHaveProperty('value', '135');
    expect(max).toHaveProperty('value', '145');
    await waitFor(() => expect(query()).toMatchObject({ bpmMin: '135', bpmMax: '145' }));
    expect(max).toBe(document.activeElement);
    expect(max).toHaveProperty('value', '145');
    // The list reloaded with both limits.
    expect(load).toHaveBeenLastCalledWith(
      expect.objectContaining({ bpmMin: 135, bpmMax: 145 }),
      expect.anything(),
      true,
    );
  });

  it('applies on Enter at once, and shows a change of the URL it did not make', async () => {
    const user = userEvent.setup();
    renderView('/sounds/genres/asset/Samples:Trap?bpmMin=90');
    const min = screen.getByRole('spinbutton', { name: '最低 BPM' });
    expect(min).toHaveProperty('value', '90');
    await user.clear(min);
    await user.keyboard('100{Enter}');
    expect(query()).toMatchObject({ bpmMin: '100' });
    expect(min).toBe(document.activeElement);
    // The filter bar's own reset (an empty filtered list offers one too).
    await user.click(
      within(screen.getByRole('form', { name: '筛选' })).getByRole('button', { name: '重置筛选' }),
    );
    expect(query().bpmMin).toBeUndefined();
    expect(min).toHaveProperty('value', '');
  });

  it('sends the key with its compatible keys, and tags chosen as chips', async () => {
    const user = userEvent.setup();
    renderView();
    await user.selectOptions(screen.getByRole('combobox', { name: '调性' }), 'Am');
    expect(query()).toMatchObject({ key: 'Am' });
    await user.selectOptions(screen.getByRole('combobox', { name: '调性范围' }), 'compatible');
    expect(query()).toMatchObject({ key: 'Am', keyMatch: 'compatible' });
    expect(load).toHaveBeenLastCalledWith(
      expect.objectContaining({ key: 'Am,C,Em,Dm' }),
      expect.anything(),
      true,
    );
    expect(load.mock.lastCall?.[0]).not.toHaveProperty('keyMatch');

    const chips = await screen.findByRole('group', { name: '标签' });
    expect(catalogueApi.tags).toHaveBeenCalledWith(
      expect.objectContaining({ category: 'genres', primaryName: 'Trap' }),
      expect.anything(),
    );
    // Two spellings of one tag are one chip.
    expect(within(chips).getAllByRole('button', { name: /^踩镲/ })).toHaveLength(1);
    await user.click(within(chips).getByRole('button', { name: '陷阱 · 7' }));
    await user.click(within(chips).getByRole('button', { name: '暗黑 · 3' }));
    expect(query()).toMatchObject({ tags: 'trap,dark' });
    expect(within(chips).getByRole('button', { name: '陷阱 · 7' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    await user.click(within(chips).getByRole('button', { name: '陷阱 · 7' }));
    expect(query()).toMatchObject({ tags: 'dark' });
    await act(async () => {});
  });
});

describe('FiltersBar on a phone', () => {
  it('folds the filters past the sort behind a toggle that counts the active ones', async () => {
    const user = userEvent.setup();
    renderView('/sounds/genres/asset/Samples:Trap?kind=loop&bpmMin=120&tags=trap,dark');
    // jsdom's window is 1024 px wide, where the toggle is hidden (a hidden button has no
    // accessible name, so it is found by its text).
    const toggle = screen.getByText('筛选 · 4', { selector: 'button' });
    expect(isInaccessible(toggle)).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const folded = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    // The kind, BPM and tag controls are inside the folded part; the sort is not.
    expect(within(folded).getByRole('combobox', { name: '单次/循环' })).toBeTruthy();
    expect(within(folded).queryByRole('combobox', { name: '排序' })).toBeNull();
    expect(folded.hasAttribute('data-open')).toBe(false);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(folded.hasAttribute('data-open')).toBe(true);
    await user.click(toggle);
    expect(folded.hasAttribute('data-open')).toBe(false);
  });
});
