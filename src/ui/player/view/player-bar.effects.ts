import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onTruncatedAudio, takeTruncation } from '../engine/audio-runtime.ts';
import { isActive, usePlayerStore } from '../store/player.store.ts';
import { toast } from '../../stores/toast.store.ts';

/** Whether a key press belongs to a field the user types in (space must type a space there). */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'range', 'button', 'submit', 'reset']);

/**
 * Space toggles playback anywhere except in text fields (docs/UI.md "Keyboard"); the grid and
 * anything else that used the key first (preventDefault) keep it.
 */
export function useSpaceToggle() {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || event.defaultPrevented || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || inTextField(event.target)) return;
      const player = usePlayerStore.getState();
      if (!player.song) return;
      event.preventDefault();
      void player.togglePlay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Says a failed play in a toast, once per failure, in the user's language (never only the console). */
export function useFailureToast() {
  const { t } = useTranslation('player');
  const lastError = usePlayerStore((s) => s.lastError);
  const name = usePlayerStore((s) => s.song?.audioName ?? '');
  useEffect(() => {
    if (!lastError) return;
    toast.error(
      lastError.code === 'DECRYPT' ? t('decryptFailed') : t('playFailed', { name: name || '—' }),
    );
  }, [lastError, name, t]);
}

/**
 * Says in a toast when the file being played turned out shorter than its header declares
 * (TRUNCATED, docs/AUDIO.md "Truncated files"): it plays what there is, never silently.
 */
export function useTruncatedToast() {
  const { t } = useTranslation('player');
  const id = usePlayerStore((s) => s.id);
  const active = usePlayerStore(isActive);
  useEffect(() => {
    const report = () => {
      const state = usePlayerStore.getState();
      const { song, audition } = state;
      if (!song || !isActive(state)) return;
      const cut = takeTruncation(song, audition);
      if (!cut) return;
      const name = song.audioName || '—';
      const present = cut.presentSeconds.toFixed(1);
      console.warn(`[player] TRUNCATED: ${cut.reason} (${name})`);
      toast.error(
        cut.declaredSeconds === null
          ? t('truncatedUnknown', { name, present })
          : t('truncated', { name, present, declared: cut.declaredSeconds.toFixed(1) }),
      );
    };
    report();
    return onTruncatedAudio(report);
  }, [id, active, t]);
}
