// My beat's store with its outside parts replaced (one module's unit test; the real analysis,
// IndexedDB and engine are in tests/e2e/audio-my-beat.spec.ts): a file becomes the beat and the
// project's tempo and key, bad files say why and lose nothing, bars correct the tempo, the
// settings persist validated, and the reset leaves nothing behind.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type { FileAnalysis } from '../../../shared/audio/worker-protocol.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import type { StoredBeat } from './beat-storage.ts';
import { configureMyBeat, resetMyBeatStore, useMyBeatStore } from './my-beat.store.ts';

const found = (over: Partial<FileAnalysis> = {}): FileAnalysis => ({
  format: 'wav',
  sampleRate: 44100,
  duration: 8.1,
  kind: 'loop',
  bpm: 119.2,
  key: 'Cm',
  lufs: -9.5,
  truePeakDb: -0.4,
  embedding: new Float32Array(4),
  timings: { decode: 1, analyse: 1 },
  ...over,
});

let kept: StoredBeat | null;
const loop = {
  setAudio: vi.fn(async () => {}),
  setBars: vi.fn(),
  start: vi.fn(() => true),
  stop: vi.fn(),
  setVolume: vi.fn(),
  clear: vi.fn(),
};
let analyse: (bytes: ArrayBuffer) => Promise<FileAnalysis>;

/** A file of 2 KB; `size` only claims another length (the store refuses before reading it). */
function file(name = 'my loop.wav', size?: number): Blob & { name: string } {
  const blob = Object.assign(new Blob([new Uint8Array(2048)]), { name });
  if (size !== undefined) Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

beforeEach(() => {
  localStorage.clear();
  useSettingsStore.getState().reset();
  kept = null;
  analyse = async () => found();
  Object.values(loop).forEach((f) => f.mockClear());
  configureMyBeat({
    analyse: (bytes) => analyse(bytes),
    load: async () => kept,
    save: async (beat) => {
      kept = beat;
    },
    forget: async () => {
      kept = null;
    },
    loop,
  });
  resetMyBeatStore();
});

afterEach(() => configureMyBeat());

describe('my beat store', () => {
  it('makes a file the beat: whole bars, the tempo they give, the project follows, it is kept', async () => {
    await useMyBeatStore.getState().addBeat(file());
    const s = useMyBeatStore.getState();
    expect(s.status).toBe('ready');
    expect(s.error).toBeNull();
    expect(s.beat?.name).toBe('my loop');
    expect(s.beat?.grid.bars).toBe(4);
    expect(s.beat?.grid.bpm).toBeCloseTo(960 / 8.1, 12);
    expect(useSettingsStore.getState()).toMatchObject({ projectKey: 'Cm', sync: true });
    expect(useSettingsStore.getState().projectTempo).toBeCloseTo(960 / 8.1, 12);
    expect(kept?.bars).toBe(4);
    expect(kept?.bytes.byteLength).toBe(2048);
    expect(loop.setAudio).toHaveBeenCalledWith(kept?.bytes, 4);
  });

  it('says why a file is refused and keeps the beat it had', async () => {
    await useMyBeatStore.getState().addBeat(file());
    analyse = async () => {
      throw new AudioError('UNSUPPORTED_FORMAT', 'not audio');
    };
    await useMyBeatStore.getState().addBeat(file('notes.txt'));
    expect(useMyBeatStore.getState()).toMatchObject({
      status: 'ready',
      error: { code: 'notAudio' },
      beat: { name: 'my loop' },
    });
    analyse = async () => found({ duration: 0.8, bpm: 120 });
    await useMyBeatStore.getState().addBeat(file('short.wav'));
    expect(useMyBeatStore.getState().error?.code).toBe('bars');
    analyse = async () => {
      throw new AudioError('DECODE', 'cut');
    };
    await useMyBeatStore.getState().addBeat(file('cut.wav'));
    expect(useMyBeatStore.getState().error?.code).toBe('damaged');
    await useMyBeatStore.getState().addBeat(file('huge.wav', 129 * 1024 * 1024));
    expect(useMyBeatStore.getState().error?.code).toBe('tooLarge');
    expect(kept?.name).toBe('my loop');
    expect(useMyBeatStore.getState().beat?.name).toBe('my loop');
  });

  it('a refused first file leaves no beat', async () => {
    analyse = async () => {
      throw new AudioError('INVALID_AUDIO', 'too short');
    };
    await useMyBeatStore.getState().addBeat(file());
    expect(useMyBeatStore.getState()).toMatchObject({ status: 'empty', beat: null });
    expect(kept).toBeNull();
  });

  it('comes back from storage without touching the project, and is removed for good', async () => {
    await useMyBeatStore.getState().addBeat(file());
    useSettingsStore.getState().set('projectTempo', 100);
    resetMyBeatStore();
    expect(useMyBeatStore.getState().beat).toBeNull();
    await useMyBeatStore.getState().restoreBeat();
    expect(useMyBeatStore.getState().beat?.grid.bars).toBe(4);
    expect(useSettingsStore.getState().projectTempo).toBe(100);
    await useMyBeatStore.getState().removeBeat();
    expect(useMyBeatStore.getState()).toMatchObject({ status: 'empty', beat: null });
    expect(kept).toBeNull();
    expect(loop.clear).toHaveBeenCalled();
  });

  it('corrects the bars: the tempo, the project and the kept beat follow', async () => {
    await useMyBeatStore.getState().addBeat(file());
    await useMyBeatStore.getState().setBars(8);
    expect(useMyBeatStore.getState().beat?.grid.bpm).toBeCloseTo(1920 / 8.1, 12);
    expect(useSettingsStore.getState().projectTempo).toBeCloseTo(1920 / 8.1, 12);
    expect(kept?.bars).toBe(8);
    expect(loop.setBars).toHaveBeenCalledWith(8);
    // 2 bars in 8.1 s is 59 BPM: fine; 16 is 474 BPM: refused, the grid stays.
    await useMyBeatStore.getState().setBars(16);
    expect(useMyBeatStore.getState().error?.code).toBe('bars');
    expect(useMyBeatStore.getState().beat?.grid.bars).toBe(8);
  });

  it('plays only with a beat, and keeps its fader, quantise and match settings validated', async () => {
    expect(useMyBeatStore.getState().playBeat()).toBe(false);
    await useMyBeatStore.getState().addBeat(file());
    expect(useMyBeatStore.getState().playBeat()).toBe(true);
    expect(useMyBeatStore.getState().playing).toBe(true);
    useMyBeatStore.getState().setVolume(1.7);
    expect(useMyBeatStore.getState().volume).toBe(1);
    expect(loop.setVolume).toHaveBeenLastCalledWith(1);
    useMyBeatStore.getState().setQuantise('beat');
    useMyBeatStore.getState().setMatchLoudness(true);
    useMyBeatStore.getState().setEnabled(false);
    expect(useMyBeatStore.getState().playing).toBe(false);
    const saved = JSON.parse(localStorage.getItem('yinku.my-beat')!) as { state: unknown };
    expect(saved.state).toEqual({
      enabled: false,
      volume: 1,
      quantise: 'beat',
      matchLoudness: true,
    });
    resetMyBeatStore();
    localStorage.setItem(
      'yinku.my-beat',
      JSON.stringify({
        state: { volume: 9, quantise: 'sometimes', matchLoudness: true },
        version: 1,
      }),
    );
    await useMyBeatStore.persist.rehydrate();
    expect(useMyBeatStore.getState()).toMatchObject({
      volume: 0.8,
      quantise: 'bar',
      matchLoudness: true,
    });
  });
});
