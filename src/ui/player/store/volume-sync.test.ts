import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMusicPlayerStore } from '../../stores/music-player.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { linkVolume } from './volume-sync.ts';

let unlink = () => {};

beforeEach(() => {
  localStorage.clear();
  useSettingsStore.getState().reset();
  usePlayerStore.setState({ volume: 60 });
  useMusicPlayerStore.setState({ volume: 0.5 });
});
afterEach(() => unlink());

describe('linkVolume', () => {
  it('starts both players at the preference (0.8 by default, not the sample player’s 60)', () => {
    unlink = linkVolume();
    expect(usePlayerStore.getState().volume).toBe(80);
    expect(useMusicPlayerStore.getState().volume).toBeCloseTo(0.8);
  });

  it('a preference stored by an earlier page load is the players’ volume', () => {
    useSettingsStore.getState().set('volume', 0.35);
    unlink = linkVolume();
    expect(usePlayerStore.getState().volume).toBe(35);
    expect(useMusicPlayerStore.getState().volume).toBeCloseTo(0.35);
  });

  it('follows the preference, and either slider changes the preference and the other player', () => {
    unlink = linkVolume();
    useSettingsStore.getState().set('volume', 0.25);
    expect(usePlayerStore.getState().volume).toBe(25);
    expect(useMusicPlayerStore.getState().volume).toBeCloseTo(0.25);

    usePlayerStore.getState().setVolume(42);
    expect(useSettingsStore.getState().volume).toBeCloseTo(0.42);
    expect(useMusicPlayerStore.getState().volume).toBeCloseTo(0.42);
    expect(JSON.parse(localStorage.getItem('yinku.settings')!).state.volume).toBeCloseTo(0.42);

    useMusicPlayerStore.getState().setVolume(0.9);
    expect(useSettingsStore.getState().volume).toBeCloseTo(0.9);
    expect(usePlayerStore.getState().volume).toBe(90);
  });

  it('stops following once unlinked', () => {
    linkVolume()();
    useSettingsStore.getState().set('volume', 0.1);
    expect(usePlayerStore.getState().volume).toBe(80);
  });
});
