import type { SongPlan } from './song-plan.ts';
import { createRng, type RandomSource } from './prng.ts';
import { STYLES, type StyleDef } from './song-styles.ts';
import * as inst from './song-instruments.ts';

type Section = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro';

interface Note {
  /** 16th step inside a 2-bar phrase (0–31). */
  step: number;
  steps: number;
  degree: number;
}

/** Song form: 4-bar intro and outro around 8-bar blocks of verse, chorus and bridge. */
function sectionOf(bar: number, bars: number): Section {
  const edge = bars >= 16 ? 4 : 0;
  if (bar < edge) return 'intro';
  if (bar >= bars - edge) return 'outro';
  const form: Section[] = ['verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus'];
  return form[Math.floor((bar - edge) / 8) % form.length]!;
}

/** MIDI note of a scale degree (degrees past the scale wrap into higher octaves). */
function noteOf(root: number, scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / scale.length);
  const index = ((degree % scale.length) + scale.length) % scale.length;
  return root + 12 * octave + scale[index]!;
}

/** A 2-bar melody: a random walk over the scale that lands on chord tones on strong beats. */
function makeMotif(rng: RandomSource, density: number, chordDegrees: readonly number[]): Note[] {
  const notes: Note[] = [];
  let degree = 7 + chordDegrees[0]!;
  for (let step = 0; step < 32; step += 2) {
    const strong = step % 8 === 0;
    if (!(strong ? rng() < density * 2.2 : rng() < density)) continue;
    const move = [-2, -1, -1, 0, 1, 1, 2][Math.floor(rng() * 7)]!;
    degree = Math.max(4, Math.min(13, degree + move));
    if (strong) {
      const chordRoot = chordDegrees[step < 16 ? 0 : 1]! + 7;
      const tones = [chordRoot, chordRoot + 2, chordRoot + 4];
      degree = tones.reduce((a, b) => (Math.abs(b - degree) < Math.abs(a - degree) ? b : a));
    }
    notes.push({ step, steps: strong ? 4 : 2, degree });
  }
  if (notes.length === 0) notes.push({ step: 0, steps: 8, degree: 7 + chordDegrees[0]! });
  for (let i = 0; i < notes.length - 1; i++)
    notes[i]!.steps = Math.min(notes[i]!.steps * 2, notes[i + 1]!.step - notes[i]!.step);
  return notes;
}

/** Renders a planned song to mono PCM at `sr`: drums, bass, chords and melody in sections. */
export function renderSong(plan: SongPlan, sr: number): Float32Array {
  const style: StyleDef = STYLES[plan.style];
  const rng = createRng(plan.seed);
  const stepSamples = ((60 / plan.bpm) * sr) / 4;
  const barSamples = stepSamples * 16;
  const length = Math.round(plan.duration * sr);
  const drums: inst.Bus = { buf: new Float32Array(length), sr };
  const music: inst.Bus = { buf: new Float32Array(length), sr };
  const progression = style.progressions[Math.floor(rng() * style.progressions.length)]!;
  const chordAt = (bar: number): number => progression[bar % progression.length]!;
  const motifs = {
    a: makeMotif(rng, style.leadDensity, [chordAt(0), chordAt(1)]),
    b: makeMotif(rng, style.leadDensity * 1.3, [chordAt(0), chordAt(1)]),
  };
  const at = (bar: number, step: number): number =>
    bar * barSamples + (step + (step % 2 === 1 ? style.swing : 0)) * stepSamples;
  let previousBass = plan.root - 24;

  for (let bar = 0; bar < plan.bars; bar++) {
    const section = sectionOf(bar, plan.bars);
    const full = section === 'verse' || section === 'chorus';
    const degree = chordAt(bar);
    const triad = [0, 2, 4].map((d) => noteOf(plan.root, style.scale, degree + d));
    const chordGain = section === 'chorus' ? 0.3 : 0.24;

    // Drums: full in verse and chorus, hats only in the intro, none in the bridge.
    for (let step = 0; step < 16; step++) {
      const t = at(bar, step);
      if ((full || section === 'outro') && style.kick[step] === 'x') inst.kick(drums, t, 0.9);
      if ((full || section === 'outro') && style.snare[step] === 'x') {
        if (style.snareVoice === 'clap') inst.clap(drums, t, 0.55);
        else if (style.snareVoice === 'woodblock') inst.woodblock(drums, t, 0.35);
        else inst.snare(drums, t, 0.5);
      }
      const hat = style.hat[step];
      if (section !== 'bridge' && (hat === 'x' || hat === 'o')) {
        const open = hat === 'o' || (section === 'chorus' && step === 14 && !style.rolls);
        inst.hat(drums, t, 0.16 + (step % 4 === 0 ? 0.06 : 0), open);
        if (style.rolls && full && rng() < 0.12)
          for (let r = 1; r < 4; r++) inst.hat(drums, t + (r * stepSamples) / 2, 0.1);
      }
    }

    // Bass follows the chord root; the 808 glides between notes.
    if (section !== 'intro') {
      const bassNote = noteOf(plan.root - 24, style.scale, degree);
      for (let step = 0; step < 16; step++) {
        if (style.bassSteps[step] !== 'x') continue;
        const next = style.bassSteps.indexOf('x', step + 1);
        const steps = (next === -1 ? 16 : next) - step;
        const t = at(bar, step);
        const len = steps * stepSamples * 0.95;
        if (style.bass === 'sub808') inst.sub808(music, t, len, bassNote, 0.55, previousBass);
        else if (style.bass === 'saw') inst.sawBass(music, t, len, bassNote + 12, 0.3);
        else inst.sineBass(music, t, len, bassNote + 12, 0.35);
        previousBass = bassNote;
      }
    }

    // Chords.
    const t0 = at(bar, 0);
    if (style.chords === 'pad') inst.pad(music, t0, barSamples, triad, chordGain);
    else if (style.chords === 'supersaw')
      inst.pad(music, t0, barSamples, triad, chordGain * 0.9, {
        cutoff: section === 'chorus' ? 3200 : 1800,
        voices: 5,
        detune: 0.012,
        attack: 0.02,
      });
    else if (style.chords === 'epiano')
      for (const step of [0, 7])
        for (const [i, note] of [...triad, triad[0]! + 10].entries())
          inst.epiano(
            music,
            at(bar, step) + i * 0.012 * sr,
            stepSamples * 6,
            note,
            chordGain * 0.5,
          );
    else
      for (let step = 0; step < 16; step += 2) {
        const note = [...triad, triad[0]! + 12][(step / 2) % 4]!;
        inst.pluck(music, at(bar, step), note, chordGain * 0.9);
      }

    // Melody: motif A in verses and the bridge, motif B (an octave up in pop) in choruses.
    if (section === 'verse' || section === 'chorus' || section === 'bridge') {
      const motif = section === 'chorus' ? motifs.b : motifs.a;
      const half = bar % 2;
      for (const note of motif) {
        if (Math.floor(note.step / 16) !== half) continue;
        const t = at(bar, note.step % 16);
        const len = note.steps * stepSamples;
        const midi = noteOf(plan.root, style.scale, note.degree);
        playLead(style, music, t, len, midi, section === 'chorus' ? 0.3 : 0.24);
      }
    }
  }

  if (style.sidechain) duck(music.buf, drums.buf.length, barSamples / 4);
  if (style.vinyl) inst.vinyl(music, 0.02);
  return master(drums.buf, music.buf, sr, style.lowpass, plan.bars * barSamples);
}

function playLead(
  style: StyleDef,
  bus: inst.Bus,
  t: number,
  len: number,
  midi: number,
  gain: number,
): void {
  switch (style.lead) {
    case 'bell':
      return inst.bell(bus, t, midi + 12, gain * 0.7);
    case 'flute':
      return inst.flute(bus, t, len, midi + 12, gain);
    case 'square':
      return inst.lead(bus, t, len, midi + 12, gain * 0.5, 'square', 2600);
    case 'saw':
      return inst.lead(bus, t, len, midi + 12, gain * 0.55, 'saw', 4000);
    case 'pluck':
      return inst.pluck(bus, t, midi + 12, gain);
    case 'epiano':
      return inst.epiano(bus, t, len, midi + 12, gain * 0.8);
  }
}

/** Side-chain pumping: the music dips on every beat and swells back. */
function duck(buf: Float32Array, length: number, beat: number): void {
  for (let i = 0; i < length; i++) {
    const phase = (i % beat) / beat;
    buf[i]! *= 1 - 0.65 * Math.exp(-phase * 6);
  }
}

/** Sums the buses, darkens dusty styles, fades the ends and normalises under a soft clipper. */
function master(
  drums: Float32Array,
  music: Float32Array,
  sr: number,
  lowpass: number,
  musicEnd: number,
): Float32Array {
  const out = new Float32Array(drums.length);
  const a = lowpass > 0 ? 1 - Math.exp((-2 * Math.PI * lowpass) / sr) : 1;
  let low = 0;
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    low += a * (drums[i]! + music[i]! - low);
    out[i] = low;
    peak = Math.max(peak, Math.abs(low));
  }
  const gain = peak > 0 ? 1.1 / peak : 1;
  const fadeIn = Math.round(0.02 * sr);
  const fadeOutStart = Math.max(0, Math.round(musicEnd - 2 * sr));
  for (let i = 0; i < out.length; i++) {
    let env = i < fadeIn ? i / fadeIn : 1;
    if (i > fadeOutStart) env *= Math.max(0, 1 - (i - fadeOutStart) / (out.length - fadeOutStart));
    out[i] = Math.tanh(out[i]! * gain) * 0.9 * env;
  }
  return out;
}
