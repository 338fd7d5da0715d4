import { describe, expect, it } from 'vitest';
import { planLibrary } from '../demo/library-plan.ts';
import { renderChannels } from '../../synth/render-sample.ts';
import { removeDcOffset, trimLeadingSilence } from './audio-fixes.ts';
import { checkDuplicate, checkLoudness, type DuplicateCandidate } from './pack-checks.ts';
import { checkKey, checkTempo, declaredKey, declaredTempo } from './metadata-checks.ts';
import {
  checkClipping,
  checkDcOffset,
  checkLeadingSilence,
  checkLoopClick,
  checkSignal,
  pcmHash,
} from './signal-checks.ts';

// docs/LIBRARY.md "Review findings": each check fires on a rendered signal with the fault and
// stays silent on clean ones: test tones and the demo library's own synthesized sounds.

const RATE = 44100;
/** `seconds` of a sine at `hz` and `amp`, with `offset` added, starting after `delay` s of silence. */
function sine(
  hz: number,
  seconds: number,
  { amp = 0.5, offset = 0, delay = 0 } = {},
): Float32Array {
  const out = new Float32Array(Math.round((seconds + delay) * RATE));
  const start = Math.round(delay * RATE);
  for (let i = start; i < out.length; i++)
    out[i] = offset + amp * Math.sin((2 * Math.PI * hz * (i - start)) / RATE);
  return out;
}
/** A loop of whole cycles: 441 Hz repeats every 100 samples, so 2 s wrap seamlessly. */
const cleanLoop = () => sine(441, 2);
/** A one-shot: a decaying 220 Hz tone with a 1 ms fade-in, starting at once. */
function oneShot(delay = 0): Float32Array {
  const out = sine(220, 0.5, { amp: 0.8, delay });
  const start = Math.round(delay * RATE);
  for (let i = start; i < out.length; i++)
    out[i]! *= Math.min(1, (i - start) / 44) * Math.exp(-(i - start) / (0.15 * RATE));
  return out;
}

describe('signal checks', () => {
  it('CLIPPING: a sine driven past full scale and hard-clipped, not one that peaks at 0.99', () => {
    const clipped = sine(100, 1, { amp: 1.6 }).map((x) => Math.max(-1, Math.min(1, x)));
    const [finding] = checkClipping([clipped], RATE);
    expect(finding).toMatchObject({ code: 'CLIPPING', detail: { runs: 200 } });
    expect(finding!.detail.longestRun).toBeGreaterThan(50);
    expect(checkClipping([sine(100, 1, { amp: 0.99 })], RATE)).toEqual([]);
    // A single sample at the top is a peak, not a clipped run.
    const touch = sine(100, 1, { amp: 0.5 });
    touch[1000] = 1;
    touch[1001] = 1;
    expect(checkClipping([touch], RATE)).toEqual([]);
  });

  it('DC_OFFSET: a sine riding on +0.05, not a centred one', () => {
    expect(checkDcOffset([sine(220, 1, { offset: 0.05 })])).toEqual([
      { code: 'DC_OFFSET', detail: { offset: 0.05 } },
    ]);
    expect(checkDcOffset([sine(220, 1, { offset: -0.03 }), sine(220, 1)])[0]?.detail.offset).toBe(
      -0.03,
    );
    expect(checkDcOffset([sine(220, 1, { offset: 0.01 })])).toEqual([]);
  });

  it('LEADING_SILENCE: a one-shot starting after 200 ms, not one after 10 ms, nor a loop', () => {
    expect(checkLeadingSilence([oneShot(0.2)], RATE, 'oneshot')).toEqual([
      { code: 'LEADING_SILENCE', detail: { silenceMs: 200 } },
    ]);
    expect(checkLeadingSilence([oneShot(0.01)], RATE, 'oneshot')).toEqual([]);
    expect(checkLeadingSilence([oneShot(0.2)], RATE, 'loop')).toEqual([]);
  });

  it('LOOP_CLICK: a loop cut mid-cycle, not one of whole cycles, nor a one-shot', () => {
    const broken = cleanLoop().subarray(0, 2 * RATE - 25); // ends a quarter-cycle early
    const [finding] = checkLoopClick([broken], RATE, 'loop');
    expect(finding?.code).toBe('LOOP_CLICK');
    expect(finding!.detail.seamStep).toBeGreaterThan(0.4);
    expect(checkLoopClick([cleanLoop()], RATE, 'loop')).toEqual([]);
    expect(checkLoopClick([broken], RATE, 'oneshot')).toEqual([]);
  });

  it('finds nothing in the demo library’s own one-shots and loops', () => {
    // Half the `small` library's loops and every bass loop (the steepest seams), and a sixth of
    // its one-shots (the noise riser, which swells from nothing, among them).
    const plan = planLibrary('small', Date.UTC(2026, 0, 1));
    const picked = plan.samples.filter((s, i) =>
      s.kind === 'loop'
        ? i % 2 === 0 || s.job.voice === 'bassLoop'
        : i % 6 === 0 || /Riser/.test(s.fileName),
    );
    expect(picked.some((s) => s.kind === 'loop')).toBe(true);
    for (const sample of picked) {
      const channels = renderChannels(sample.job);
      expect(checkSignal(channels, sample.job.sampleRate, sample.kind), sample.fileName).toEqual(
        [],
      );
    }
  });

  it('fixes: trimming leaves 1 ms before the sound, removing DC centres it', () => {
    const trimmed = trimLeadingSilence([oneShot(0.2)], RATE);
    // The tone passes −80 dBFS on its 2nd sample (the fade-in); 44 samples (1 ms) before it stay.
    expect(trimmed[0]!.length).toBe(oneShot(0).length - 1 + 44);
    expect(checkLeadingSilence(trimmed, RATE, 'oneshot')).toEqual([]);
    expect(() => trimLeadingSilence([new Float32Array(100)], RATE)).toThrow(/silence/);
    const centred = removeDcOffset([sine(220, 1, { offset: 0.05 })]);
    expect(checkDcOffset(centred)).toEqual([]);
    expect(Math.max(...centred[0]!)).toBeCloseTo(0.5, 3);
  });
});

describe('metadata checks', () => {
  it('reads a declared tempo from a file name', () => {
    expect(declaredTempo('Trap Drums 02 140 BPM.wav')).toBe(140);
    expect(declaredTempo('loop_120bpm.wav')).toBe(120);
    expect(declaredTempo('bass-92.5-bpm.flac')).toBe(92.5);
    expect(declaredTempo('drums_120_Am.wav')).toBe(120);
    expect(declaredTempo('Kick 808.wav')).toBeNull();
    expect(declaredTempo('Take 12.wav')).toBeNull();
    expect(declaredTempo('loop_900_bpm.wav')).toBeNull();
  });

  it('reads a declared key from a file name, flats as sharps', () => {
    expect(declaredKey('Guzheng 01 Dm.wav')).toBe('Dm');
    expect(declaredKey('pad_C#m_90bpm.wav')).toBe('C#m');
    expect(declaredKey('Lead Eb minor.wav')).toBe('D#m');
    expect(declaredKey('chords F maj.wav')).toBe('F');
    expect(declaredKey('bell (Bb).wav')).toBe('A#');
    expect(declaredKey('Kick A.wav')).toBeNull();
    expect(declaredKey('Amazing Drums.wav')).toBeNull();
  });

  it('TEMPO_MISMATCH: 120 declared, 93 detected; half and double agree', () => {
    expect(checkTempo(120, 93)).toEqual([
      { code: 'TEMPO_MISMATCH', detail: { declared: 120, detected: 93 } },
    ]);
    expect(checkTempo(120, 119.2)).toEqual([]);
    expect(checkTempo(140, 70.4)).toEqual([]);
    expect(checkTempo(70, 140)).toEqual([]);
    expect(checkTempo(120, null)).toEqual([]);
    expect(checkTempo(null, 93)).toEqual([]);
  });

  it('KEY_MISMATCH: another tonic; not a mode alone, nor the relative key', () => {
    expect(checkKey('D#m', 'A#m')).toEqual([
      { code: 'KEY_MISMATCH', detail: { declared: 'D#m', detected: 'A#m' } },
    ]);
    expect(checkKey('C', 'G')).toHaveLength(1);
    expect(checkKey('Am', 'C#')).toHaveLength(1);
    expect(checkKey('Am', 'Am')).toEqual([]);
    expect(checkKey('Em', 'E')).toEqual([]);
    expect(checkKey('Am', 'C')).toEqual([]);
    expect(checkKey('D#', 'Cm')).toEqual([]);
    expect(checkKey('Am', null)).toEqual([]);
  });
});

describe('pack checks', () => {
  it('LOUDNESS_OUTLIER: 6 LU or more from the pack median, either way', () => {
    const found = checkLoudness([-14, -15, -13.5, -21, -7.9, -14.5]);
    expect([...found.keys()]).toEqual([3, 4]);
    expect(found.get(3)).toEqual({
      code: 'LOUDNESS_OUTLIER',
      detail: { lufs: -21, packMedian: -14.25, offsetLu: -6.7 },
    });
    expect(checkLoudness([-14, -15, -19.9]).size).toBe(0);
    expect(checkLoudness([-14, -30]).size).toBe(0);
  });

  it('DUPLICATE: the same PCM, or an embedding within 0.999; not a different sound', () => {
    const unit = (values: number[]) => {
      const v = Float32Array.from(values);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    const tone = sine(220, 1);
    const a: DuplicateCandidate = {
      fileName: 'a.wav',
      pcmHash: pcmHash([tone], RATE),
      embedding: unit([1, 0, 0]),
    };
    const sameAudio = { ...a, fileName: 'a.flac', embedding: unit([1, 0.2, 0]) };
    expect(checkDuplicate(sameAudio, [a])).toEqual([
      { code: 'DUPLICATE', detail: { of: 'a.wav', match: 'pcm' } },
    ]);
    const reencoded = { fileName: 'a.mp3', pcmHash: 'x', embedding: unit([1, 0.03, 0]) };
    expect(checkDuplicate(reencoded, [a])[0]?.detail).toMatchObject({
      of: 'a.wav',
      match: 'embedding',
    });
    const other = {
      fileName: 'b.wav',
      pcmHash: pcmHash([sine(330, 1)], RATE),
      embedding: unit([1, 0.2, 0]),
    };
    expect(other.pcmHash).not.toBe(a.pcmHash);
    expect(checkDuplicate(other, [a])).toEqual([]);
  });
});
