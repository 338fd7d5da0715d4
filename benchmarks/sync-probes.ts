/**
 * In-page measures of the synced voice (issue 25), run through `page.evaluate`, so each function
 * is self-contained: the real stretch worklet rendered offline by the app's own `renderAsHeard`
 * (the page's `yinku.audioTestHooks` internals).
 */

interface SyncHook {
  internals(): {
    renderAsHeard(
      buffer: AudioBuffer,
      tp: { rate: number; semitones: number },
      o: { loop: boolean; passes?: number },
    ): Promise<AudioBuffer>;
    settings: { getState(): { set(key: string, value: unknown): void } };
    stretchUsage: { listener: ((ms: number, seconds: number) => void) | null };
  };
}

/** Turns Sync on (a 120 BPM C minor project) or off in the page's settings. */
export function setSync(on: boolean): void {
  const { settings } = (window as unknown as { __yinkuPlayer: SyncHook }).__yinkuPlayer.internals();
  const set = settings.getState().set;
  set('projectTempo', on ? 120 : null);
  set('projectKey', on ? 'Cm' : null);
  set('sync', on);
}

/**
 * The DSP figures, rendered at 48 kHz: a 440 Hz sine shifted +3 and −5 semitones (cents off,
 * rising zero crossings over 1.4 s); a 93 BPM click loop at 120 BPM over two passes (largest
 * onset error from the 0.5 s grid, ms: first frame past 30 % of each beat's peak, less the
 * source's own); one voice's CPU (the stretch processor's own time in `process` ÷ the output it
 * made, median over the 0.5 s spans of a 10 s stereo render); and 5 ms windows under 70 % of the median level over 10 passes of a 1 s sine loop at 120/93.
 */
export async function syncedDsp(): Promise<{
  cents: number[];
  onsetMs: number;
  cpu: number;
  dropouts: number;
}> {
  const hook = (window as unknown as { __yinkuPlayer: SyncHook }).__yinkuPlayer.internals();
  const { renderAsHeard } = hook;
  const rate = 48000;
  const buffer = (planes: Float32Array[]) => {
    const b = new AudioBuffer({
      length: planes[0]!.length,
      numberOfChannels: planes.length,
      sampleRate: rate,
    });
    planes.forEach((p, c) => b.copyToChannel(p as Float32Array<ArrayBuffer>, c));
    return b;
  };
  const sine = (hz: number, seconds: number) =>
    Float32Array.from(
      { length: Math.round(seconds * rate) },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate),
    );
  const hzOf = (x: Float32Array, from: number, to: number) => {
    let first = -1,
      last = -1,
      count = 0;
    for (let i = from + 1; i < to; i++)
      if (x[i - 1]! < 0 && x[i]! >= 0) {
        const at = i - 1 + x[i - 1]! / (x[i - 1]! - x[i]!);
        if (first < 0) first = at;
        else count++;
        last = at;
      }
    return (count * rate) / (last - first);
  };
  const cents: number[] = [];
  for (const semitones of [3, -5]) {
    const out = (
      await renderAsHeard(buffer([sine(440, 2)]), { rate: 1, semitones }, { loop: true })
    ).getChannelData(0);
    cents.push(
      Math.abs(1200 * Math.log2(hzOf(out, 0.3 * rate, 1.7 * rate) / (440 * 2 ** (semitones / 12)))),
    );
  }
  // Clicks: 1 ms-ish decaying noise on every beat of two bars at 93 BPM.
  const beats = 8;
  const click = new Float32Array(Math.round((beats * 60 * rate) / 93));
  let seed = 7;
  for (let b = 0; b < beats; b++) {
    const at = Math.round((b * 60 * rate) / 93);
    for (let i = 0; i < 0.02 * rate; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      click[at + i] = 0.9 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * rate));
    }
  }
  const onset = (x: Float32Array, t: number) => {
    const from = Math.max(0, Math.round((t - 0.08) * rate));
    const to = Math.min(x.length, Math.round((t + 0.08) * rate));
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(x[i]!));
    for (let i = from; i < to; i++) if (Math.abs(x[i]!) >= 0.3 * peak) return i / rate;
    return Number.NaN;
  };
  const stretch = 120 / 93;
  const heard = (
    await renderAsHeard(
      buffer([click, click]),
      { rate: stretch, semitones: 0 },
      { loop: true, passes: 2 },
    )
  ).getChannelData(0);
  let onsetMs = 0;
  for (let b = 0; b < 2 * beats; b++) {
    const own = onset(click, ((b % beats) * 60) / 93) - ((b % beats) * 60) / 93;
    const error = Math.abs(onset(heard, b * 0.5) - b * 0.5 - own / stretch) * 1000;
    onsetMs = Math.max(onsetMs, Number.isNaN(error) ? Infinity : error);
  }
  // CPU: the stretch processor's own time in `process` over the output it made while playing
  // 10 s of stereo, from its reports every 0.1 s, summed per 0.5 s of output; the median of those
  // shares, so a spell when the machine took the audio thread away (a busy host) is not counted
  // as the voice's work. Not the render's wall time, which counts the whole offline graph.
  const shares: number[] = [];
  let chunk = { ms: 0, seconds: 0 };
  hook.stretchUsage.listener = (ms, seconds) => {
    chunk = { ms: chunk.ms + ms, seconds: chunk.seconds + seconds };
    if (chunk.seconds < 0.5 - 1e-6) return;
    shares.push(chunk.ms / 1000 / chunk.seconds);
    chunk = { ms: 0, seconds: 0 };
  };
  await renderAsHeard(
    buffer([sine(330, 10), sine(440, 10)]),
    { rate: stretch, semitones: 3 },
    { loop: false },
  );
  // The reports of the render's last quanta arrive after it (7.95 s of output: 15 shares).
  for (let i = 0; i < 40 && shares.length < 15; i++) await new Promise((r) => setTimeout(r, 50));
  hook.stretchUsage.listener = null;
  const cpu = [...shares].sort((a, b) => a - b)[shares.length >> 1] ?? Number.NaN;
  const loop = (
    await renderAsHeard(
      buffer([sine(440, 1)]),
      { rate: stretch, semitones: -2 },
      { loop: true, passes: 10 },
    )
  ).getChannelData(0);
  const win = Math.round(0.005 * rate);
  const levels: number[] = [];
  for (let i = 0; i + win <= loop.length; i += win) {
    let e = 0;
    for (let j = i; j < i + win; j++) e += loop[j]! ** 2;
    levels.push(Math.sqrt(e / win));
  }
  const median = [...levels].sort((a, b) => a - b)[levels.length >> 1]!;
  return { cents, onsetMs, cpu, dropouts: levels.filter((l) => l < 0.7 * median).length };
}
