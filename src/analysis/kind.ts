// One-shot or loop (docs/ANALYSIS.md "One-shot or loop").

/** Shortest loop (s): a bar at 200 BPM is 1.2 s; the library's loops last 2–8 s. */
const MIN_LOOP_SECONDS = 1.5;
/** Tail window (s) whose level is compared with the whole sound's. */
const TAIL_SECONDS = 0.05;
/** A tail quieter than the whole by more than this (dB) has died away: a one-shot. */
const TAIL_DROP_DB = 24;

const rms = (x: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
};

/**
 * 'loop' when the sound is long enough for a bar and still sounds at its end as loudly as it
 * does overall (a loop's end runs into its start); 'oneshot' when it decays to silence.
 */
export function classifyKind(mono: Float32Array, rate: number): 'oneshot' | 'loop' {
  if (mono.length < MIN_LOOP_SECONDS * rate) return 'oneshot';
  const whole = rms(mono, 0, mono.length);
  if (whole === 0) return 'oneshot';
  const tail = Math.round(TAIL_SECONDS * rate);
  const end = rms(mono, mono.length - tail, mono.length);
  return 20 * Math.log10(Math.max(end, 1e-12) / whole) > -TAIL_DROP_DB ? 'loop' : 'oneshot';
}
