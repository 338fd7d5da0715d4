import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../api/http-error.ts';
import { page } from '../../../api/page.ts';
import { usePlayerStore, resetPlayerStore } from '../../../player/store/player.store.ts';
import { useSessionStore } from '../../../stores/session.store.ts';
import { useToastStore } from '../../../stores/toast.store.ts';
import { useAuditionMode } from '../../../player/store/audition-mode.store.ts';
import { sampleKey, useItemFlags } from '../../downloads/item-flags.store.ts';
import { useSelection } from '../model/selection.store.ts';
import { UPGRADES_PER_FRAME } from '../model/row-upgrades.ts';
import { downloadActions, peaksCache } from '../services.ts';
import { fakeLayout, renderSounds, sample } from '../testing/render.tsx';
import { SampleList } from './SampleList.tsx';
import { ROW_HEIGHT } from './SampleRow.tsx';

const rows = Array.from({ length: 6 }, (_, i) => sample(i + 1));
const original = usePlayerStore.getState();
let restoreLayout: () => void;

const player = {
  playSong: vi.fn(async () => {}),
  togglePlay: vi.fn(async () => {}),
  seek: vi.fn(async () => {}),
  setPlayList: vi.fn(),
  toggleAudition: vi.fn(async () => {}),
};

beforeEach(() => {
  restoreLayout = fakeLayout();
  Object.values(player).forEach((fn) => fn.mockClear());
  usePlayerStore.setState(player);
  useSessionStore.setState({ accessToken: 'token' });
  useSelection.setState({ selected: [], anchor: null, detail: null });
  useItemFlags.getState().reset();
  vi.spyOn(peaksCache(), 'load').mockResolvedValue([]);
});

afterEach(() => {
  restoreLayout();
  useSessionStore.setState({ accessToken: null });
  useToastStore.setState({ toasts: [] });
  resetPlayerStore();
  usePlayerStore.setState(original);
  vi.restoreAllMocks();
});

function renderList(language: 'zh' | 'en' = 'zh') {
  return renderSounds(<SampleList total={rows.length} rows={rows} ensureRange={() => {}} />, {
    language,
  });
}

describe('SampleList', () => {
  it('is a grid of rows with buttons named in the current language', () => {
    renderList('zh');
    const grid = screen.getByRole('grid', { name: '采样列表' });
    expect(within(grid).getAllByRole('row')).toHaveLength(rows.length + 1);
    expect(screen.getByRole('button', { name: '收藏 Kick 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 Kick 1' })).toBeTruthy();
  });

  it('names the buttons in English after switching language', () => {
    renderList('en');
    expect(screen.getByRole('button', { name: 'Like Kick 2' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Kick 2' })).toBeTruthy();
  });

  it('plays a row on click, with the list as the play list', async () => {
    renderList();
    await userEvent.click(screen.getByText('Kick 3'));
    expect(player.setPlayList).toHaveBeenCalledWith(rows);
    expect(player.playSong).toHaveBeenCalledWith(rows[2], { actionType: 'row', audition: false });
  });

  it('a signed-out visitor hears a row’s public preview, or is asked to sign in where it has none', async () => {
    useSessionStore.setState({ accessToken: null });
    const navigate = vi.spyOn(page, 'navigate').mockImplementation(() => {});
    const visitorRows = [sample(1, { auditionCode: 'pub-1' }), sample(2)];
    renderSounds(<SampleList total={2} rows={visitorRows} ensureRange={() => {}} />, {
      language: 'zh',
    });
    await userEvent.click(screen.getByText('Kick 1'));
    expect(player.playSong).toHaveBeenCalledWith(visitorRows[0], {
      actionType: 'row',
      audition: true,
    });
    await userEvent.click(screen.getByText('Kick 2'));
    expect(player.playSong).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      expect.stringContaining('未登录'),
    ]);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/));
  });

  it('a row’s own audition button plays its preview and leaves the audition mode off', async () => {
    const withPreview = [sample(1, { auditionCode: 'pub-1' }), sample(2)];
    renderSounds(<SampleList total={2} rows={withPreview} ensureRange={() => {}} />, {
      language: 'zh',
    });
    await userEvent.click(screen.getByRole('button', { name: /试听 Kick 1/ }));
    expect(player.toggleAudition).toHaveBeenCalledWith(withPreview[0]);
    expect(player.playSong).not.toHaveBeenCalled();
    expect(useAuditionMode.getState().on).toBe(false);
    // A row without a preview has no such button.
    expect(screen.queryByRole('button', { name: /试听 Kick 2/ })).toBeNull();
  });

  it('takes ↓ as soon as the page loads, with nothing focused, and keeps the focus after', () => {
    renderList();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(player.playSong).toHaveBeenLastCalledWith(rows[0], expect.anything());
    expect(document.activeElement).toBe(screen.getByRole('grid'));
  });

  it('auditions with the keyboard: ↓ plays the next row, space toggles, ← → seek, Enter opens details', async () => {
    renderList();
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(player.playSong).toHaveBeenLastCalledWith(
      rows[0],
      expect.objectContaining({ actionType: 'row' }),
    );
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(player.playSong).toHaveBeenLastCalledWith(rows[1], expect.anything());
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/-1$/);
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(player.playSong).toHaveBeenLastCalledWith(rows[0], expect.anything());

    act(() => usePlayerStore.setState({ id: 1, song: rows[0], progress: 0.5 }));
    fireEvent.keyDown(grid, { key: ' ' });
    expect(player.togglePlay).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(player.seek).toHaveBeenLastCalledWith(0.6);
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(player.seek).toHaveBeenLastCalledWith(0.4);

    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(useSelection.getState().detail).toEqual({ type: 'sample', sample: rows[0] });
  });

  it('selects with checkboxes and shift-click ranges without playing', async () => {
    renderList('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Kick 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Kick 5' }));
    await user.keyboard('{/Shift}');
    expect(
      useSelection
        .getState()
        .selected.map((s) => s.id)
        .sort(),
    ).toEqual([2, 3, 4, 5]);
    expect(
      screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(4);
    expect(player.playSong).not.toHaveBeenCalled();
  });

  it('shows the playing row progress on its waveform only', () => {
    renderList('en');
    act(() => usePlayerStore.setState({ id: 2, song: rows[1], progress: 0.25, isPlaying: true }));
    const waves = screen.getAllByRole('img', { name: /Waveform of/ });
    expect(waves[1]?.getAttribute('data-progress')).toBe('0.25');
    expect(waves[0]?.getAttribute('data-progress')).toBeNull();
  });

  it('like and download buttons follow the row flags', async () => {
    const like = vi.spyOn(downloadActions(), 'toggleLike').mockImplementation(async (s) => {
      useItemFlags.getState().patch(sampleKey(s.id), { likes: true });
    });
    renderList('en');
    await userEvent.click(screen.getByRole('button', { name: 'Like Kick 4' }));
    expect(like).toHaveBeenCalledWith(rows[3]);
    expect(screen.getByRole('button', { name: 'Unlike Kick 4' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => useItemFlags.getState().patch(sampleKey(4), { downloading: true }));
    expect(screen.getByRole('status', { name: 'Downloading Kick 4' })).toBeTruthy();
    act(() => useItemFlags.getState().patch(sampleKey(4), { downloading: false, download: true }));
    expect(screen.getByRole('button', { name: 'Kick 4 downloaded' })).toBeTruthy();
  });

  it('loads waveforms only once the grid stops flying past', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const load = vi.spyOn(peaksCache(), 'load').mockResolvedValue([0.5]);
      renderList();
      let top = 0;
      // The page scrolls as one: the window's offset drives the grid.
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => top });
      // 120 px every 16 ms (7.5 px/ms) for 288 ms: well past the 120 ms settle, still too fast.
      for (let i = 0; i < 18; i++) {
        top = 120 - top;
        fireEvent.scroll(window);
        act(() => vi.advanceTimersByTime(16));
      }
      expect(load).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(250));
      expect(load).toHaveBeenCalledTimes(rows.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws light rows while flung and full rows again a few per frame, rows in view first', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'],
    });
    try {
      const many = Array.from({ length: 400 }, (_, i) => sample(i + 1));
      renderSounds(<SampleList total={many.length} rows={many} ensureRange={() => {}} />);
      const grid = screen.getByRole('grid');
      let top = 0;
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => top });
      const lite = () => [...grid.querySelectorAll<HTMLElement>('[data-lite]')];
      // 600 px every 16 ms: a hard fling.
      for (let i = 0; i < 10; i++) {
        top += 600;
        fireEvent.scroll(window);
        act(() => vi.advanceTimersByTime(16));
      }
      const flung = lite();
      expect(flung.length).toBeGreaterThan(UPGRADES_PER_FRAME);
      expect(within(flung[0]!).queryByRole('checkbox')).toBeNull();
      expect(within(flung[0]!).getByText(/Kick \d+/)).toBeTruthy();

      // The fling ends: the virtualizer renders again 150 ms after the last scroll event.
      act(() => vi.advanceTimersByTime(150));
      const before = lite().length;
      act(() => vi.advanceTimersByTime(16));
      expect(before - lite().length).toBe(UPGRADES_PER_FRAME);
      // Rows in view (from scrollTop to scrollTop + 600 px, below the 36 px header) went first.
      const firstInView = Math.floor(top / ROW_HEIGHT);
      const upgraded = [...grid.querySelectorAll<HTMLElement>('[role=row][data-sample-id]')]
        .filter((row) => !row.hasAttribute('data-lite'))
        .map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
      expect(upgraded).toHaveLength(UPGRADES_PER_FRAME);
      for (const index of upgraded) expect(index).toBeGreaterThanOrEqual(firstInView - 1);

      act(() => vi.advanceTimersByTime(16 * 10));
      expect(lite()).toHaveLength(0);
      expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(UPGRADES_PER_FRAME);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SampleList loading and failure', () => {
  it('draws skeleton rows while the first page loads', () => {
    renderSounds(<SampleList total={null} rows={[]} ensureRange={() => {}} />);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('data-list-state')).toBe('loading');
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(grid.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
  });

  it.each([
    ['zh', '服务器出错了，请稍后重试。', '重试'],
    ['en', 'The server ran into a problem. Try again in a moment.', 'Retry'],
  ] as const)(
    'a failed list says why in %s, never the raw gateway text, and retries',
    async (language, text, retry) => {
      const onRetry = vi.fn();
      const error = new ApiRequestError('Internal error', { status: 500 });
      renderSounds(
        <SampleList
          total={null}
          rows={[]}
          error={error}
          onRetry={onRetry}
          ensureRange={() => {}}
        />,
        { language },
      );
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(text);
      expect(alert.textContent).not.toContain('Internal error');
      await userEvent.click(within(alert).getByRole('button', { name: retry }));
      expect(onRetry).toHaveBeenCalledOnce();
    },
  );

  it('a later page that failed offers a retry above the rows it has', async () => {
    const onRetry = vi.fn();
    renderSounds(
      <SampleList
        total={250}
        rows={rows}
        error={new ApiRequestError('x', { status: 0 })}
        onRetry={onRetry}
        ensureRange={() => {}}
      />,
    );
    expect(screen.getByRole('grid').getAttribute('data-list-state')).toBe('ready');
    expect(screen.getByRole('alert').textContent).toContain('无法连接服务器');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
