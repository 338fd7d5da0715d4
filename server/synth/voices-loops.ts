// Loops: drum grooves, bass lines, chord and melody parts, vocal chops and synth arps, each
// exactly `bars` bars long at its BPM. Tails that run past the end wrap to the start, so every
// loop repeats seamlessly.
import type { MusicalKey } from '../../src/shared/api/catalogue.types.ts';
import { Biquad, normalize, saturate } from './dsp.ts';
import { reverb } from './reverb.ts';
import { loopFrames, rootMidi, scaleOf, triad, degree } from './music-theory.ts';
import { renderClap, renderKick, renderMetal, renderSnare } from './voices-drums.ts';
import { render808, renderEpiano, renderPiano, renderSubtractive } from './voices-tonal.ts';
import { renderVowel } from './voices-vocal.ts';
import type { Voice, VoiceInput } from './voice.types.ts';

/** Mixes `source` into the loop at frame `at`, wrapping what runs past the end to the start. */
function mixWrap(target: Float32Array, source: Float32Array, at: number, gain = 1): void {
  const start = Math.round(at);
  for (let i = 0; i < source.length; i++) target[(start + i) % target.length]! += source[i]! * gain;
}

interface Grid {
  frames: number;
  /** Frames per sixteenth note. */
  step: number;
  steps: number;
}

function gridOf(input: VoiceInput): Grid {
  const bpm = input.bpm ?? 120;
  const bars = input.bars ?? 2;
  const frames = loopFrames(bpm, bars, input.sampleRate);
  return { frames, step: frames / (bars * 16), steps: bars * 16 };
}

/** What a tonal loop starts from: its key (C unless given), grid, scale and a silent buffer. */
function tonalLoop(input: VoiceInput) {
  const key = input.key ?? 'C';
  const grid = gridOf(input);
  return { key, grid, scale: scaleOf(key), out: new Float32Array(grid.frames) };
}

// One bar of 16 steps per instrument: x = hit, o = softer hit.
const GROOVES: Record<string, { kick: string; snare: string; hat: string; open?: string }> = {
  'hip-hop': { kick: 'x......x..x.....', snare: '....x.......x...', hat: 'x.o.x.o.x.o.x.o.' },
  trap: { kick: 'x.....x...x.....', snare: '........x.......', hat: 'xoxoxoxoxoxoxoxo' },
  pop: { kick: 'x.......x.x.....', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
  rnb: { kick: 'x..x......x.....', snare: '....x.......x...', hat: 'xooxoooxxooxooox' },
  edm: {
    kick: 'x...x...x...x...',
    snare: '....x.......x...',
    hat: 'o.o.o.o.o.o.o.o.',
    open: '..x...x...x...x.',
  },
};

/** A drum groove in the style's pattern, with swing for hip-hop and rolls for trap. */
function drumLoop(input: VoiceInput): Float32Array[] {
  const { rng, sampleRate: sr, style } = input;
  const grid = gridOf(input);
  const groove = GROOVES[style] ?? GROOVES.pop!;
  const kick = renderKick(rng, sr, 0.5);
  const snare =
    style === 'edm' || style === 'trap' ? renderClap(rng, sr, 0.4) : renderSnare(rng, sr, 0.35);
  const hat = renderMetal(rng, sr, 0.12, 0.035, 7500);
  const open = renderMetal(rng, sr, 0.35, 0.15, 7000);
  // Each hit at full scale first, so the mix gains below are the kit's real balance.
  normalize([kick], 1);
  normalize([snare], 1);
  normalize([hat], 1);
  normalize([open], 1);
  const left = new Float32Array(grid.frames);
  const right = new Float32Array(grid.frames);
  const swing = style === 'hip-hop' || style === 'rnb' ? grid.step * rng.range(0.12, 0.22) : 0;
  for (let s = 0; s < grid.steps; s++) {
    const at = s * grid.step + (s % 2 === 1 ? swing : 0);
    const bar = s % 16;
    const hit = (pattern: string | undefined) => pattern?.[bar];
    const both = (buf: Float32Array, gain: number, pan = 0, offset = 0) => {
      mixWrap(left, buf, at + offset, gain * (1 - pan));
      mixWrap(right, buf, at + offset, gain * (1 + pan));
    };
    if (hit(groove.kick) === 'x') both(kick, 0.9);
    if (hit(groove.snare) === 'x') both(snare, 0.7);
    const h = hit(groove.hat);
    if (h === 'x' || h === 'o') both(hat, (h === 'x' ? 0.35 : 0.22) * rng.range(0.85, 1.1), 0.3);
    if (hit(groove.open) === 'x') both(open, 0.3, -0.2);
    // Trap hats roll: extra 32nd notes between the sixteenths, mostly towards the bar's end.
    if (style === 'trap' && rng.chance(bar >= 12 ? 0.5 : 0.1)) both(hat, 0.2, 0.3, grid.step / 2);
  }
  return [left, right];
}

function progression(key: MusicalKey): number[] {
  return scaleOf(key)[2] === 3 ? [0, 5, 2, 6] : [0, 4, 5, 3];
}

/** A bass line: 808 slides for trap and hip-hop, synth bass eighths for pop and EDM, sub for R&B. */
function bassLoop(input: VoiceInput): Float32Array[] {
  const { rng, sampleRate: sr, style } = input;
  const { key, grid, scale, out } = tonalLoop(input);
  const root = rootMidi(key, 28);
  const chords = progression(key);
  const bars = grid.steps / 16;
  for (let bar = 0; bar < bars; bar++) {
    const note = root + degree(scale, chords[bar % chords.length]!);
    const base = bar * 16;
    if (style === 'edm' || style === 'pop') {
      for (let s = 0; s < 16; s += 2) {
        if (style === 'edm' && s % 4 === 0) continue;
        const seconds = (grid.step * (style === 'edm' ? 1.6 : 1.8)) / sr;
        const tone = renderSubtractive(rng, sr, seconds, [note + 12], {
          shape: 'saw',
          cutoff: [2500, 300],
          filterTau: 0.06,
          attack: 0.003,
          release: 0.03,
          resonance: 2,
        });
        mixWrap(out, tone, (base + s) * grid.step, 0.8);
      }
    } else {
      const hits = style === 'rnb' ? [0, 10] : [0, 6, 10];
      hits.forEach((s, n) => {
        const len = ((hits[n + 1] ?? 16) - s) * grid.step;
        const tone = render808(
          rng,
          sr,
          Math.max(0.15, (len - 20) / sr),
          note + (n === 2 ? 12 * +rng.chance(0.3) : 0),
        );
        mixWrap(out, tone, (base + s) * grid.step, 0.8);
      });
    }
  }
  return [out];
}

/** Chords or a melody in the key, played by the style's instrument. */
function melodicLoop(input: VoiceInput): Float32Array[] {
  const { rng, sampleRate: sr, style } = input;
  const { key, grid, scale, out } = tonalLoop(input);
  const chords = progression(key);
  const bars = grid.steps / 16;
  const barSeconds = (16 * grid.step) / sr;
  for (let bar = 0; bar < bars; bar++) {
    const chord = triad(scale, chords[bar % chords.length]!).map((s) => rootMidi(key, 55) + s);
    const base = bar * 16 * grid.step;
    if (style === 'trap') {
      // A bell-like arpeggio an octave up: the classic dark trap melody.
      for (let s = 0; s < 16; s += 2) {
        const midi = chord[(s / 2) % 3]! + 12;
        mixWrap(
          out,
          renderEpiano(rng, sr, (grid.step * 3) / sr, [midi]),
          base + s * grid.step,
          0.5,
        );
      }
    } else if (style === 'edm') {
      for (const s of [0, 3, 6, 10, 12]) {
        const stab = renderSubtractive(rng, sr, (grid.step * 2) / sr, chord, {
          voices: 3,
          detune: 0.15,
          cutoff: [5000, 600],
          filterTau: 0.08,
          attack: 0.003,
          release: 0.05,
        });
        mixWrap(out, stab, base + s * grid.step, 0.7);
      }
    } else if (style === 'rnb') {
      mixWrap(out, renderEpiano(rng, sr, barSeconds, chord), base, 0.5);
    } else {
      // The chord is struck three times a bar; one rendering, played at three velocities.
      const piano = renderPiano(rng, sr, barSeconds * 0.6, chord);
      for (const [s, gain] of [
        [0, 0.5],
        [6, 0.38],
        [8, 0.44],
      ] as const)
        mixWrap(out, piano, base + s * grid.step, gain);
    }
  }
  if (style === 'hip-hop') {
    // Dusty: darker and a little saturated, as if sampled from vinyl.
    const lp = new Biquad(sr).set('lowpass', 2800, 0.7);
    for (let i = 0; i < out.length; i++) out[i] = lp.process(out[i]!) + rng.noise() * 0.004;
    saturate(out, 1.5);
  }
  return wrapReverb(out, sr, 0.2);
}

/** Vocal chops on scale notes with changing vowels, in a rhythmic pattern. */
function vocalLoop(input: VoiceInput): Float32Array[] {
  const { rng, sampleRate: sr } = input;
  const { key, grid, scale, out } = tonalLoop(input);
  const pattern = rng.pick(['x..x..x.x..x.x..', 'x.x...x.x.x...x.', 'x..x..x...x.x...']);
  const vowels = ['a', 'e', 'i', 'o', 'u'] as const;
  for (let s = 0; s < grid.steps; s++) {
    if (pattern[s % 16] !== 'x') continue;
    const midi = rootMidi(key, 57) + degree(scale, rng.pick([0, 2, 4, 4, 7]));
    const chop = renderVowel(rng, sr, (grid.step * rng.pick([1.5, 2, 3])) / sr, midi, [
      rng.pick(vowels),
      rng.pick(vowels),
    ]);
    mixWrap(out, chop, s * grid.step, 0.7);
  }
  return wrapReverb(out, sr, 0.3);
}

/** A synth arpeggio: sixteenth-note plucks climbing the chord tones. */
function arpLoop(input: VoiceInput): Float32Array[] {
  const { rng, sampleRate: sr } = input;
  const { key, grid, scale, out } = tonalLoop(input);
  const chords = progression(key);
  const order = rng.pick([
    [0, 1, 2, 3],
    [0, 2, 1, 3],
    [0, 1, 2, 1],
  ]);
  for (let s = 0; s < grid.steps; s++) {
    const chord = triad(scale, chords[Math.floor(s / 16) % chords.length]!);
    const tones = [...chord, chord[0]! + 12];
    const midi = rootMidi(key, 60) + tones[order[s % 4]!]!;
    const note = renderSubtractive(rng, sr, (grid.step * 1.5) / sr, [midi], {
      cutoff: [5000, 500],
      filterTau: 0.05,
      attack: 0.002,
      release: 0.04,
    });
    mixWrap(out, note, s * grid.step, 0.6);
  }
  return wrapReverb(out, sr, 0.25);
}

/** A stereo reverb whose tail is folded back into the loop so it stays seamless. */
function wrapReverb(dry: Float32Array, sampleRate: number, wet: number): Float32Array[] {
  return reverb(dry, sampleRate, { size: 0.7, wet, tailSeconds: 1.5 }).map((channel) => {
    const loop = new Float32Array(dry.length);
    mixWrap(loop, channel, 0);
    return loop;
  });
}

/** Loop voices by name. */
export const loopVoices: Record<string, Voice> = {
  drumLoop,
  bassLoop,
  melodicLoop,
  vocalLoop,
  arpLoop,
};
