import { useMusicPlayerStore } from '../../stores/music-player.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';

/** The sample player's 0–100 volume of the app volume (0–1). */
const toSample = (volume: number) => Math.round(volume * 100);

/**
 * Makes the app volume of the preferences (0–1, persisted) the volume of both players: both
 * start at it, follow it when it changes, and moving either player's slider changes it (so the
 * other player and the next page load follow). Answers a function that undoes the link.
 */
export function linkVolume(): () => void {
  const apply = (volume: number) => {
    if (usePlayerStore.getState().volume !== toSample(volume))
      usePlayerStore.getState().setVolume(toSample(volume));
    if (Math.abs(useMusicPlayerStore.getState().volume - volume) > 1e-9)
      useMusicPlayerStore.getState().setVolume(volume);
  };
  apply(useSettingsStore.getState().volume);
  const keep = (volume: number) => {
    // Equal at the precision the setting keeps: no write, so no loop back to the players.
    if (Math.abs(useSettingsStore.getState().volume - volume) > 1e-9)
      useSettingsStore.getState().set('volume', volume);
  };
  const stops = [
    useSettingsStore.subscribe((state, before) => {
      if (state.volume !== before.volume) apply(state.volume);
    }),
    usePlayerStore.subscribe((state, before) => {
      if (
        state.volume !== before.volume &&
        state.volume !== toSample(useSettingsStore.getState().volume)
      )
        keep(state.volume / 100);
    }),
    useMusicPlayerStore.subscribe((state, before) => {
      if (state.volume !== before.volume) keep(state.volume);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
