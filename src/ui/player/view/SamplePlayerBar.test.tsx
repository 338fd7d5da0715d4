import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../../i18n/i18n.ts';
import { resetPlayerStore, usePlayerStore } from '../store/player.store.ts';
import { phaseFlags } from '../store/player-phase.ts';
import { LOOP_TYPES } from '../store/player-queue.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { makeTheme } from '../../theme/index.ts';
import { useAuditionMode } from '../store/audition-mode.store.ts';
import { SamplePlayerBar } from './SamplePlayerBar.tsx';

const original = usePlayerStore.getState();
const songs = [1, 2, 3].map((id) => ({ id, audioName: `Song ${id}` }));
const actions = {
  next: vi.fn(async () => {}),
  previous: vi.fn(async () => {}),
  togglePlay: vi.fn(async () => {}),
  seek: vi.fn(async () => {}),
  playSong: vi.fn(async () => {}),
};

function setWidth(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width: 767px'),
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

function renderBar() {
  void i18n.changeLanguage('en');
  return render(
    <ThemeProvider theme={makeTheme('light')}>
      <SamplePlayerBar />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  setWidth(false);
  Object.values(actions).forEach((fn) => fn.mockClear());
  usePlayerStore.setState({ ...actions, playList: songs, song: songs[0], id: 1 });
  useAuditionMode.setState({ on: false });
});
afterEach(() => {
  resetPlayerStore();
  usePlayerStore.setState(original);
});

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('SamplePlayerBar', () => {
  it('disables previous at the first song and next at the last', () => {
    renderBar();
    expect(button('Previous')).toHaveProperty('disabled', true);
    expect(button('Next')).toHaveProperty('disabled', false);
    act(() => usePlayerStore.setState({ song: songs[2], id: 3 }));
    expect(button('Previous')).toHaveProperty('disabled', false);
    expect(button('Next')).toHaveProperty('disabled', true);
    fireEvent.click(button('Previous'));
    expect(actions.previous).toHaveBeenCalledTimes(1);
  });

  it('play/pause toggles through the store and shows the state', async () => {
    renderBar();
    await userEvent.click(button('Play'));
    expect(actions.togglePlay).toHaveBeenCalledTimes(1);
    act(() => usePlayerStore.setState(phaseFlags('playing')));
    expect(button('Pause')).toBeTruthy();
  });

  it('cycles play modes: once (loops repeat), in order, repeat list, repeat one, shuffle', async () => {
    renderBar();
    await userEvent.click(button('Loop mode: Once (loops repeat)'));
    expect(usePlayerStore.getState().loopType).toBe(LOOP_TYPES.order);
    await userEvent.click(button('Loop mode: In order'));
    expect(usePlayerStore.getState().loopType).toBe(LOOP_TYPES.list);
    await userEvent.click(button('Loop mode: Repeat list'));
    await userEvent.click(button('Loop mode: Repeat one'));
    expect(usePlayerStore.getState().loopType).toBe(LOOP_TYPES.random);
    expect(button('Loop mode: Shuffle')).toBeTruthy();
  });

  it('volume slider 0–100 step 1 with the icon changing at 70 and 30', () => {
    renderBar();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider.getAttribute('min')).toBe('0');
    expect(slider.getAttribute('max')).toBe('100');
    expect(slider.getAttribute('step')).toBe('1');
    fireEvent.change(slider, { target: { value: '75' } });
    expect(usePlayerStore.getState().volume).toBe(75);
    expect(screen.getByRole('img', { name: 'Volume 75' })).toBeTruthy();
    fireEvent.change(slider, { target: { value: '20' } });
    expect(usePlayerStore.getState().volume).toBe(20);
  });

  it('under 768 px the volume is a toggled popup', async () => {
    setWidth(true);
    renderBar();
    expect(screen.queryByRole('slider', { name: 'Volume' })).toBeNull();
    await userEvent.click(button(/^Volume/));
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeTruthy();
    await userEvent.click(button(/^Volume/));
    expect(screen.queryByRole('slider', { name: 'Volume' })).toBeNull();
  });

  it('progress slider 0–100 step 0.1 is hidden at 0 and 100 and seeks on release', () => {
    renderBar();
    expect(screen.queryByRole('slider', { name: 'Progress' })).toBeNull();
    act(() => usePlayerStore.setState({ progress: 0.4, currentTime: 2, duration: 5 }));
    const slider = screen.getByRole('slider', { name: 'Progress' });
    expect(slider.getAttribute('step')).toBe('0.1');
    expect(screen.getByText('2.0s')).toBeTruthy();
    expect(screen.getByText('5.0s')).toBeTruthy();
    fireEvent.change(slider, { target: { value: '62.5' } });
    fireEvent.pointerUp(slider);
    expect(actions.seek).toHaveBeenCalledWith(0.625);
    act(() => usePlayerStore.setState({ progress: 1 }));
    expect(screen.queryByRole('slider', { name: 'Progress' })).toBeNull();
  });

  it('lists the play list and plays a chosen song; the audition switch toggles', async () => {
    renderBar();
    await userEvent.click(button('Play list'));
    await userEvent.click(button('Song 2'));
    expect(actions.playSong).toHaveBeenCalledWith(songs[1], { actionType: 'button' });
    const audition = screen.getByRole('switch', { name: 'Audition mode: play the quick preview' });
    expect(audition.getAttribute('title')).toBe('Audition mode: play the quick preview');
    await userEvent.click(audition);
    expect(useAuditionMode.getState().on).toBe(true);
  });

  it('space toggles playback anywhere except in text fields', () => {
    renderBar();
    const field = document.createElement('input');
    document.body.append(field);
    try {
      fireEvent.keyDown(field, { key: ' ' });
      expect(actions.togglePlay).not.toHaveBeenCalled();
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(actions.togglePlay).toHaveBeenCalledTimes(1);
      fireEvent.keyDown(button('Next'), { key: ' ' });
      expect(actions.togglePlay).toHaveBeenCalledTimes(2);
    } finally {
      field.remove();
    }
  });
});

describe('SamplePlayerBar playback errors (docs/PRODUCT.md §8)', () => {
  it('alerts that decryption failed, and says every failure in a toast', () => {
    renderBar();
    act(() =>
      usePlayerStore.setState({ lastError: { code: 'NETWORK', message: 'Failed to fetch' } }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'Could not play “Song 1”; try again later',
    );
    act(() =>
      usePlayerStore.setState({ lastError: { code: 'DECRYPT', message: 'OperationError' } }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Audio decryption failed; this sample cannot be played',
    );
  });
});
