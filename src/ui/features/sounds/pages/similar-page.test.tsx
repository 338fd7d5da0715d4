import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { usePlayerStore } from '../../../player/store/player.store.ts';
import { makeTheme } from '../../../theme/index.ts';
import { SampleList } from '../components/SampleList.tsx';
import { fakeLayout, sample, similarPage } from '../testing/render.tsx';
import { SimilarPage } from './SimilarPage.tsx';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
});
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

function renderAt(entries: Parameters<typeof MemoryRouter>[0]['initialEntries']) {
  return render(
    <ThemeProvider theme={makeTheme('light')}>
      <MemoryRouter initialEntries={entries}>
        <Routes>
          <Route path="/sounds/similar/:id" element={<SimilarPage />} />
          <Route
            path="/list"
            element={
              <SampleList total={1} rows={[sample(5)]} ensureRange={() => {}} label="list" />
            }
          />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('Similar samples', () => {
  it(
    'a row’s Similar button opens the list named after it, in the usual grid',
    { timeout: 20_000 },
    async () => {
      const asked = vi.spyOn(catalogueApi, 'similar').mockResolvedValue(similarPage(8, 9));
      renderAt(['/list']);
      await userEvent.click(screen.getByRole('button', { name: '查找与 Kick 5 相似的采样' }));
      expect(await screen.findByRole('heading', { name: '与“Kick 5”相似的采样' })).toBeTruthy();
      const grid = await screen.findByRole('grid', { name: '与“Kick 5”相似的采样' });
      expect(await screen.findByText('Kick 8')).toBeTruthy();
      expect(grid.querySelectorAll('[data-sample-id]')).toHaveLength(2);
      expect(asked.mock.calls[0]![0]).toBe(5);
    },
  );

  it('a link without the name says the number; a malformed id is no sample', async () => {
    vi.spyOn(catalogueApi, 'similar').mockResolvedValue({
      records: [],
      total: 0,
      page: 1,
      pageSize: 20,
      scores: [],
    });
    const { unmount } = renderAt(['/sounds/similar/12']);
    expect(screen.getByRole('heading', { name: '与采样 #12 相似的采样' })).toBeTruthy();
    expect(await screen.findByText('还没有听起来相似的采样。')).toBeTruthy();
    unmount();
    renderAt(['/sounds/similar/abc']);
    expect(screen.getByRole('alert').textContent).toBe('没有这个采样');
  });

  it(
    'pins the source above the list, and B plays it from where the match has reached',
    { timeout: 20_000 },
    async () => {
      vi.spyOn(catalogueApi, 'similar').mockResolvedValue({
        records: [sample(8), sample(9)],
        total: 2,
        page: 1,
        pageSize: 20,
        scores: [0.9, 0.8],
        // A visitor: the source plays its public preview.
        source: sample(5, { detected: ['key'], auditionCode: 'a5' }),
      });
      const play = vi.spyOn(usePlayerStore.getState(), 'playSong').mockResolvedValue(undefined);
      usePlayerStore.setState({ playSong: play, setPlayList: vi.fn() });
      renderAt(['/sounds/similar/5']);
      const pinned = await screen.findByTestId('similar-source');
      expect(pinned.textContent).toContain('A · 原始采样');
      expect(pinned.textContent).toContain('Kick 5');
      expect(pinned.textContent).toContain('B · Kick 8');
      expect(pinned.querySelector('[data-detected]')).toBeTruthy();
      // The match is playing at 40 %: B plays the source from there.
      usePlayerStore.setState({ id: 8, song: sample(8), isPlaying: true, progress: 0.4 });
      await userEvent.keyboard('b');
      expect(play).toHaveBeenCalledWith(
        expect.objectContaining({ id: 5 }),
        expect.objectContaining({ startProgress: 0.4 }),
      );
    },
  );
});
