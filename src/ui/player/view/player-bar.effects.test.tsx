import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Truncation } from '../../../shared/audio/worker-protocol.ts';
import { i18n } from '../../i18n/i18n.ts';
import { phaseFlags } from '../store/player-phase.ts';
import { resetPlayerStore, usePlayerStore } from '../store/player.store.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { useTruncatedToast } from './player-bar.effects.ts';

// The audio runtime's truncation channel, stood in for: the worker side (a truncated file is
// marked by the real decoder) is tested in src/workers and src/ui/player/engine/worker-pool.browser.test.ts.
const found = new Map<string, Truncation>();
let listener: (() => void) | null = null;
vi.mock('../engine/audio-runtime.ts', async (original) => ({
  ...(await original<object>()),
  takeTruncation: (song: { id: number }, audition: boolean) => {
    const key = `${song.id}:${audition}`;
    const cut = found.get(key);
    found.delete(key);
    return cut;
  },
  onTruncatedAudio: (l: () => void) => {
    listener = l;
    return () => (listener = null);
  },
}));

const kick = { id: 7, audioName: 'Kick' };
const messages = () => useToastStore.getState().toasts.map((t) => t.message);
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  await i18n.changeLanguage('en');
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  warn.mockRestore();
  found.clear();
  resetPlayerStore();
});

describe('useTruncatedToast', () => {
  it('says a playing file is cut short, with both lengths, once', () => {
    found.set('7:false', { reason: 'r', declaredSeconds: 4, presentSeconds: 1.6 });
    usePlayerStore.setState({ song: kick, id: 7, audition: false, ...phaseFlags('playing') });
    const { rerender } = renderHook(() => useTruncatedToast());
    expect(messages()).toEqual([
      '“Kick” is cut short: its file declares 4.0 s but holds 1.6 s; playing what there is',
    ]);
    expect(warn).toHaveBeenCalledWith('[player] TRUNCATED: r (Kick)');
    rerender();
    act(() => listener?.());
    expect(messages()).toHaveLength(1);
  });

  it('reports a cut found after the play began (the whole body came later), in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    usePlayerStore.setState({ song: kick, id: 7, audition: false, ...phaseFlags('loading') });
    renderHook(() => useTruncatedToast());
    expect(messages()).toEqual([]);
    found.set('7:false', { reason: 'r', declaredSeconds: null, presentSeconds: 6.5 });
    act(() => listener?.());
    expect(messages()).toEqual(['「Kick」的文件不完整（缺少结尾），只播放已有的 6.5 秒']);
  });

  it('says nothing for another song’s cut until that song plays', () => {
    found.set('8:false', { reason: 'r', declaredSeconds: 2, presentSeconds: 1 });
    usePlayerStore.setState({ song: kick, id: 7, audition: false, ...phaseFlags('playing') });
    renderHook(() => useTruncatedToast());
    act(() => listener?.());
    expect(messages()).toEqual([]);
    act(() => usePlayerStore.setState({ song: { id: 8, audioName: 'Snare' }, id: 8 }));
    expect(messages()).toEqual([
      '“Snare” is cut short: its file declares 2.0 s but holds 1.0 s; playing what there is',
    ]);
  });
});
