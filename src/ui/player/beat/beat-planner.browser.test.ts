// My beat's start planner against the page's real engine and beat loop (docs/AUDIO.md, "My
// beat"): a loop whose catalogue length is rounded to the millisecond, as the catalogue stores
// it, is locked to the length its voice really repeats (the decoded track's frames), so it does
// not drift off the beat's grid (it drifted 2 ms in 8 bars when locked to the catalogue's).
import { afterEach, describe, expect, it } from 'vitest';
import { driftAfterBars, type BeatGrid } from '../../../shared/audio/beat-grid.ts';
import { getAudioEngine } from '../engine/audio-runtime.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';
import { songTimePitch } from '../store/project-sync.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { beatLoop } from './beat-loop.ts';
import { planWithBeat } from './beat-planner.ts';
import { useMyBeatStore } from './my-beat.store.ts';
import type { BeatAnalysis } from './beat-storage.ts';

const RATE = 44100;

/** A silent 16-bit mono WAV of `frames` frames (a beat whose grid alone is read). */
function silentWav(frames: number): ArrayBuffer {
  const out = new DataView(new ArrayBuffer(44 + frames * 2));
  const text = (at: number, s: string) =>
    [...s].forEach((c, i) => out.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  out.setUint32(4, 36 + frames * 2, true);
  text(8, 'WAVEfmt ');
  out.setUint32(16, 16, true);
  out.setUint16(20, 1, true); // PCM
  out.setUint16(22, 1, true); // mono
  out.setUint32(24, RATE, true);
  out.setUint32(28, RATE * 2, true);
  out.setUint16(32, 2, true);
  out.setUint16(34, 16, true);
  text(36, 'data');
  out.setUint32(40, frames * 2, true);
  return out.buffer;
}

afterEach(() => {
  beatLoop.clear();
  useMyBeatStore.setState({ beat: null, playing: false });
});

describe('the start planner over my beat', () => {
  it('locks a loop to its decoded length, not the catalogue’s rounded one', async () => {
    // The beat: 2 bars at 120 BPM (silence will do: only its grid is read), playing.
    const bounce = silentWav(4 * RATE);
    await beatLoop.setAudio(bounce, 2);
    expect(beatLoop.start()).toBe(true);
    const grid: BeatGrid = { bpm: 120, bars: 2, barSeconds: 2 };
    useMyBeatStore.setState({
      beat: {
        name: 'bounce',
        analysis: {
          duration: 4,
          bpm: 120,
          key: null,
          lufs: -14,
          truePeakDb: -3,
        } satisfies BeatAnalysis,
        grid,
      },
      enabled: true,
      playing: true,
      quantise: 'bar',
      matchLoudness: false,
    });
    useSettingsStore.setState({ sync: true, projectTempo: 120 });
    // A seeded loop: 2 bars at 140 BPM, 151,200 frames (3.428571… s), stored as 3.429 s.
    const song: PlayerSong = {
      id: 29_140,
      duration: 3.429,
      audioBpm: 140,
      audioData: { kind: 'loop' } as PlayerSong['audioData'],
    };
    const track = getAudioEngine().cachePcm('play:29140', {
      channels: [new Float32Array(151_200)],
      sampleRate: RATE,
    });
    const timePitch = songTimePitch(song);
    expect(timePitch?.rate).toBeCloseTo(120 / 140, 12);
    const plan = planWithBeat({ song, track, offset: 0, timePitch });
    expect(plan.at).toBeGreaterThan(0);
    const rate = plan.timePitch!.rate;
    // The voice repeats the decoded track: after 8 bars it is still on the beat's bar line.
    const drift = driftAfterBars(track.duration, rate, 120, 8);
    expect(Math.abs(drift)).toBeLessThan(1e-6);
  });
});
