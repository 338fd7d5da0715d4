import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicTrack } from '../../shared/index.ts';
import {
  configureMusicPlayer,
  musicVolumeIcon,
  neighboursOf,
  resetMusicPlayerStore,
  useMusicPlayerStore,
  type MusicOutput,
} from './music-player.store.ts';
import { resetPlayerStore, usePlayerStore } from '../player/store/player.store.ts';
import { phaseFlags } from '../player/store/player-phase.ts';

const track = (id: number, duration = 100): MusicTrack => ({
  id,
  title: `Song ${id}`,
  relayImageUrl: `/cover/${id}`,
  tags: [],
  prompt: '',
  duration,
  streamUrl: `/api/v2/songs/${id}/stream?token=t`,
});

class FakeOutput implements MusicOutput {
  plays: { url: string; from: number }[] = [];
  pauses = 0;
  seeks: number[] = [];
  volume = -1;
  failNext: unknown = null;
  async play(url: string, from: number) {
    this.plays.push({ url, from });
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
  }
  pause() {
    this.pauses++;
  }
  seek(seconds: number) {
    this.seeks.push(seconds);
  }
  setVolume(volume: number) {
    this.volume = volume;
  }
}

let out: FakeOutput;
const store = () => useMusicPlayerStore.getState();

beforeEach(() => {
  out = new FakeOutput();
  configureMusicPlayer(out);
  resetMusicPlayerStore();
  store().setPlayList([track(1), track(2), track(3)]);
});
afterEach(() => {
  configureMusicPlayer(null);
  resetPlayerStore();
});

describe('music player store', () => {
  it('starts with volume 0.8 and nothing playing', () => {
    expect(store()).toMatchObject({ song: null, isPlaying: false, volume: 0.8, progress: 0 });
  });

  it('plays a song from a start position and pauses keeping the progress', async () => {
    await store().playSong(track(2, 200), 0.25);
    expect(out.plays).toEqual([{ url: '/api/v2/songs/2/stream?token=t', from: 50 }]);
    expect(store()).toMatchObject({ isPlaying: true, progress: 0.25, duration: 200 });
    store().timeUpdate(100, 200);
    store().pause();
    expect(out.pauses).toBe(1);
    expect(store()).toMatchObject({ isPlaying: false, pausedProgress: 0.5, currentTime: 100 });
  });

  it('resumes from pausedProgress on toggle, and plays the first song when none is chosen', async () => {
    await store().togglePlay();
    expect(store().song?.id).toBe(1);
    store().timeUpdate(30, 100);
    await store().togglePlay();
    expect(store().isPlaying).toBe(false);
    await store().togglePlay();
    expect(out.plays.at(-1)).toEqual({ url: track(1).streamUrl, from: 30 });
  });

  it('clamps seeks to 0–1 and moves a paused song without starting it', async () => {
    await store().playSong(track(1));
    store().pause();
    store().seek(1.7);
    expect(store()).toMatchObject({ progress: 1, pausedProgress: 1, isPlaying: false });
    store().seek(-3);
    expect(out.seeks).toEqual([100, 0]);
    expect(store().progress).toBe(0);
  });

  it('clamps volume to 0–1 in 0.01 steps', () => {
    store().setVolume(0.456);
    expect(store().volume).toBe(0.46);
    expect(out.volume).toBe(0.46);
    store().setVolume(7);
    expect(store().volume).toBe(1);
    store().setVolume(Number.NaN);
    expect(store().volume).toBe(0);
  });

  it('walks previous/next through the list and stops at its ends', async () => {
    await store().playSong(track(1));
    expect(neighboursOf(store())).toEqual({ hasPrevious: false, hasNext: true });
    await store().previous();
    expect(store().song?.id).toBe(1);
    await store().next();
    await store().next();
    expect(store().song?.id).toBe(3);
    expect(neighboursOf(store())).toEqual({ hasPrevious: true, hasNext: false });
    await store().next();
    expect(store().song?.id).toBe(3);
    await store().previous();
    expect(store().song?.id).toBe(2);
  });

  it('moves on at the end of a song, and stops with progress 1 after the last', async () => {
    await store().playSong(track(2));
    await store().ended();
    expect(store().song?.id).toBe(3);
    await store().ended();
    expect(store()).toMatchObject({ isPlaying: false, progress: 1, pausedProgress: 0 });
  });

  it('reports a failed play but ignores an interrupted one', async () => {
    out.failNext = new DOMException('interrupted', 'AbortError');
    await store().playSong(track(1));
    expect(store().error).toBeNull();
    out.failNext = new Error('format not supported');
    await store().playSong(track(2));
    expect(store()).toMatchObject({ isPlaying: false, error: 'format not supported' });
  });

  it('pauses the sample player when music starts, and pauses itself when a sample starts', async () => {
    const original = usePlayerStore.getState().pause;
    const samplePause = vi.fn();
    usePlayerStore.setState({ pause: samplePause });
    try {
      await store().playSong(track(1));
      expect(samplePause).toHaveBeenCalledTimes(1);
      usePlayerStore.setState(phaseFlags('playing'));
      expect(store().isPlaying).toBe(false);
      expect(out.pauses).toBe(1);
    } finally {
      usePlayerStore.setState({ pause: original });
    }
  });
});

describe('musicVolumeIcon', () => {
  it.each([
    [1, 'volumeHigh'],
    [0.7, 'volumeHigh'],
    [0.69, 'volumeLow'],
    [0.3, 'volumeLow'],
    [0.29, 'volumeMute'],
    [0, 'volumeMute'],
  ])('%s → %s', (volume, icon) => {
    expect(musicVolumeIcon(volume)).toBe(icon);
  });
});
