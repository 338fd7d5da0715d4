import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { MusicTrack } from '../../../../shared/index.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { makeTheme } from '../../../theme/theme.ts';
import { useSongSelection } from '../song-selection.store.ts';
import { PromptText, splitPrompt } from './PromptText.tsx';
import { SongDetailsPanel } from './SongDetailsPanel.tsx';
import { VolumeControl } from './VolumeControl.tsx';

const withTheme = (ui: ReactNode) =>
  render(<ThemeProvider theme={makeTheme('light')}>{ui}</ThemeProvider>);

const hostile = '<img src=x onerror=alert(1)>';

afterEach(() => {
  useSongSelection.getState().close();
  void i18n.changeLanguage('zh');
});

describe('PromptText', () => {
  it('turns escaped line breaks into real ones', () => {
    const { container } = withTheme(<PromptText text={'[Verse]\\nLine one\\nLine two'} />);
    const prompt = screen.getByTestId('song-prompt');
    expect(prompt.querySelectorAll('br')).toHaveLength(2);
    expect(prompt.textContent).toBe('[Verse]Line oneLine two');
    expect(container.textContent).not.toContain('\\n');
  });

  it('splits escaped and real line breaks, including \\r\\n', () => {
    expect(splitPrompt('a\\nb\\r\\nc\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitPrompt('no breaks')).toEqual(['no breaks']);
  });

  it('keeps markup in the text as text', () => {
    const { container } = withTheme(<PromptText text={`${hostile}\\n<b>bold</b>`} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('song-prompt').textContent).toBe(`${hostile}<b>bold</b>`);
  });
});

describe('SongDetailsPanel', () => {
  const song: MusicTrack = {
    id: 4,
    title: hostile,
    titleZh: '雨窗',
    relayImageUrl: '/api/v2/songs/4/cover?token=t',
    tags: ['lo-fi', '<script>x</script>'],
    prompt: `Style: lo-fi\\n\\n[Verse]\\n${hostile}`,
    duration: 125.4,
    streamUrl: '/api/v2/songs/4/stream?token=t',
  };

  it('shows nothing until a song is selected', () => {
    const { container } = withTheme(<SongDetailsPanel />);
    expect(container.textContent).toBe('');
  });

  it('shows cover, title, tags, duration and the prompt with real line breaks, all as text', () => {
    void i18n.changeLanguage('en');
    act(() => useSongSelection.getState().select(song));
    const { container } = withTheme(<SongDetailsPanel />);
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe(song.relayImageUrl);
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(hostile);
    expect(screen.getByText('<script>x</script>')).toBeTruthy();
    expect(screen.getByText('2:05')).toBeTruthy();
    expect(screen.getByTestId('song-prompt').querySelectorAll('br')).toHaveLength(3);
  });

  it('shows the Chinese title in Chinese and closes', () => {
    act(() => useSongSelection.getState().select(song));
    withTheme(<SongDetailsPanel />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('雨窗');
    // Tags in the UI's language: a known tag translated, an unknown one as stored.
    const tags = screen.getByText('<script>x</script>').closest('ul')!;
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Lo-Fi',
      '<script>x</script>',
    ]);
    act(() => useSongSelection.getState().select({ ...song, tags: ['EDM', 'chill'] }));
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '电子舞曲',
      '放松',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(useSongSelection.getState().selected).toBeNull();
  });
});

describe('VolumeControl', () => {
  it.each([
    [0.85, 'volumeHigh'],
    [0.7, 'volumeHigh'],
    [0.5, 'volumeLow'],
    [0.3, 'volumeLow'],
    [0.29, 'volumeMute'],
    [0, 'volumeMute'],
  ])('at %s shows %s', (volume, icon) => {
    withTheme(<VolumeControl volume={volume} label="Volume" onChange={() => {}} />);
    expect(screen.getByTestId('music-volume-icon').dataset.icon).toBe(icon);
  });

  it('is a 0–1 slider in 0.01 steps that reports numbers', () => {
    const seen: number[] = [];
    withTheme(<VolumeControl volume={0.5} label="Volume" onChange={(v) => seen.push(v)} />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '1', '0.01']);
    fireEvent.change(slider, { target: { value: '0.42' } });
    expect(seen).toEqual([0.42]);
  });
});
