import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type { FileAnalysis } from '../../../shared/audio/worker-protocol.ts';
import * as runtime from '../../player/engine/audio-runtime.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { page } from '../../api/page.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { SearchBar } from './components/SearchBar.tsx';
import { useSoundSearch } from './model/sound-search.store.ts';
import { SoundSearchPage } from './pages/SoundSearchPage.tsx';
import { searchBySound } from './sound-search.ts';
import { fakeLayout, renderSounds, similarPage } from './testing/render.tsx';

const analysis = (over: Partial<FileAnalysis> = {}): FileAnalysis => ({
  format: 'wav',
  sampleRate: 44100,
  duration: 2,
  kind: 'loop',
  bpm: 120,
  key: 'Am',
  lufs: -14,
  truePeakDb: -1,
  embedding: new Float32Array([0.5, -0.25, 0.125]),
  timings: { decode: 1, analyse: 2 },
  ...over,
});

const wavFile = (name = 'groove.wav', bytes = 4096) =>
  new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
  useSoundSearch.setState({ query: null, analysing: null, error: null });
  useToastStore.setState({ toasts: [] });
  vi.spyOn(page, 'navigate').mockImplementation(() => {});
});
afterEach(() => {
  restoreLayout();
  vi.restoreAllMocks();
});

describe('searchBySound', () => {
  it('keeps only the embedding and the kind of an analysed file, then opens the results', async () => {
    const analyse = vi.spyOn(runtime, 'analyseAudioFile').mockResolvedValue(analysis());
    expect(await searchBySound([wavFile()])).toBe(true);
    expect(analyse).toHaveBeenCalledOnce();
    expect(analyse.mock.calls[0]![0]).toBeInstanceOf(ArrayBuffer);
    const { query, error, analysing } = useSoundSearch.getState();
    expect(query).toMatchObject({
      fileName: 'groove.wav',
      embedding: [0.5, -0.25, 0.125],
      kind: 'loop',
      bpm: 120,
      key: 'Am',
    });
    expect(error).toBeNull();
    expect(analysing).toBeNull();
    expect(page.navigate).toHaveBeenCalledWith('/sounds/search-by-sound');
  });

  it.each([
    ['UNSUPPORTED_FORMAT', '不是可识别的音频文件'],
    ['DECODE', '无法解码'],
    ['INVALID_AUDIO', '太短'],
  ] as const)('a file refused with %s says why and keeps the last result', async (code, text) => {
    const previous = { id: 1, fileName: 'a.wav', embedding: [1], kind: 'oneshot' as const };
    useSoundSearch.setState({ query: { ...previous, bpm: null, key: null } });
    vi.spyOn(runtime, 'analyseAudioFile').mockRejectedValue(new AudioError(code, 'x'));
    expect(await searchBySound([wavFile('notes.txt')])).toBe(false);
    const state = useSoundSearch.getState();
    expect(state.error).toContain('notes.txt');
    expect(state.error).toContain(text);
    expect(state.query?.fileName).toBe('a.wav');
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe(state.error);
    expect(page.navigate).not.toHaveBeenCalled();
  });

  it('refuses several files at once and a file too large, before reading them', async () => {
    const analyse = vi.spyOn(runtime, 'analyseAudioFile');
    expect(await searchBySound([wavFile('a.wav'), wavFile('b.wav')])).toBe(false);
    expect(useSoundSearch.getState().error).toBe('一次只能用一个文件搜索。');
    const huge = wavFile('huge.wav', 0);
    Object.defineProperty(huge, 'size', { value: 201 * 2 ** 20 });
    expect(await searchBySound([huge])).toBe(false);
    expect(useSoundSearch.getState().error).toContain('太大');
    expect(analyse).not.toHaveBeenCalled();
  });
});

describe('search by sound in the page', () => {
  it('a file dropped on the search bar is analysed; a dragged file shows what a drop does', async () => {
    const analyse = vi.spyOn(runtime, 'analyseAudioFile').mockResolvedValue(analysis());
    renderSounds(<SearchBar autoFocus={false} />);
    const field = screen.getByRole('combobox').parentElement!;
    const dataTransfer = { types: ['Files'], files: [wavFile()], dropEffect: 'none' };
    fireEvent.dragEnter(field, { dataTransfer });
    expect(screen.getByText('松开即可按声音搜索')).toBeTruthy();
    fireEvent.drop(field, { dataTransfer });
    expect(screen.queryByText('松开即可按声音搜索')).toBeNull();
    await waitFor(() => expect(page.navigate).toHaveBeenCalledWith('/sounds/search-by-sound'));
    expect(analyse).toHaveBeenCalledOnce();
  });

  it('text dragged over the bar is left alone', () => {
    renderSounds(<SearchBar autoFocus={false} />);
    const field = screen.getByRole('combobox').parentElement!;
    fireEvent.dragEnter(field, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByText('松开即可按声音搜索')).toBeNull();
  });

  it('after a reload the results page asks for the file again', () => {
    renderSounds(<SoundSearchPage />, { path: '/sounds/search-by-sound' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('按声音搜索');
    expect(screen.getByText(/刷新后上次的结果已清空/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '用音频文件搜索' })).toBeTruthy();
  });

  it(
    'lists what sounds like the file, sending only its embedding and kind',
    { timeout: 20_000 },
    async () => {
      useSoundSearch.setState({
        query: {
          id: 7,
          fileName: 'groove.wav',
          embedding: [0.1, 0.2],
          kind: 'loop',
          bpm: 96,
          key: 'C',
        },
      });
      const asked = vi.spyOn(catalogueApi, 'similarBySound').mockResolvedValue(similarPage(3, 4));
      renderSounds(<SoundSearchPage />, { path: '/sounds/search-by-sound' });
      expect(await screen.findByText('Kick 3')).toBeTruthy();
      expect(screen.getByText('Kick 4')).toBeTruthy();
      expect(asked.mock.calls[0]![0]).toEqual({ embedding: [0.1, 0.2], kind: 'loop' });
      expect(screen.getByTestId('sound-summary').textContent).toBe('循环 · BPM 96 · 调性 C');
    },
  );
});
