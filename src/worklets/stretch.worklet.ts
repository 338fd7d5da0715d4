// The time-stretch and pitch-shift processor: Signalsmith Stretch (MIT, its WASM inside the
// package's module). The package registers its processor itself when loaded in an
// AudioWorkletGlobalScope, and would load itself from a blob: URL, which our
// Content-Security-Policy refuses; so Vite bundles it here as one of our worklet modules
// (docs/AUDIO.md, "Synced audition"). Its processor is kept (stretch-capture.ts) and extended:
// its `process` reads the input from a list of buffers and, past the first, writes beyond its
// scratch buffer (a RangeError that silences the node for good) whenever a read starts inside a
// buffer; ours reads the window from a single buffer, which is how the voice lays out its input.
import { STRETCH_PROCESSOR_NAME } from '../shared/audio/worklet-params.ts';
import { captured, register } from './stretch-capture.ts';
import 'signalsmith-stretch';

/** One segment of the library's time map. */
interface Segment {
  active: boolean;
  input: number;
  output: number;
  rate: number;
  semitones: number;
  tonalityHz: number;
  formantSemitones: number;
  formantCompensation: boolean;
  formantBaseHz: number;
  loopStart: number;
  loopEnd: number;
}

/** The library's WASM exports our process uses. */
interface StretchWasm {
  HEAP8: Int8Array;
  exports?: { memory: { buffer: ArrayBuffer } };
  _setTransposeSemitones(semitones: number, tonality: number): void;
  _setFormantSemitones(semitones: number, compensate: boolean): void;
  _setFormantBase(base: number): void;
  _seek(samples: number, rate: number): void;
  _process(inputSamples: number, outputSamples: number): void;
}

/** The fields of the library's processor our process reads and writes. */
interface LibraryProcessor extends AudioWorkletProcessor {
  wasmReady: boolean;
  wasmModule: StretchWasm;
  timeMap: Segment[];
  outputLatencySeconds: number;
  inputLatencySeconds: number;
  bufferLength: number;
  buffersIn: number[];
  buffersOut: number[];
  audioBuffers: Float32Array[][];
  audioBuffersStart: number;
  timeIntervalCounter: number;
  timeIntervalSamples: number;
}

/** How long a change of shift glides (s). */
const GLIDE_S = 0.04;

const Library = captured.get(STRETCH_PROCESSOR_NAME) as unknown as new (
  options?: unknown,
) => LibraryProcessor;

/**
 * The library's processor, playing its input buffers (never live input): the time map picks the
 * input position for this quantum (wrapping inside the loop bounds), the STFT gets the input
 * since the last quantum — read across every buffer — or, after a jump, a whole window to seek
 * with, and the output is copied out. An inactive node outputs silence without running the STFT.
 */
class StretchProcessor extends Library {
  /** The input frame the STFT was last fed up to (null: it must be primed again). */
  private fed: number | null = null;
  /** The shift the STFT was last given (semitones; null: none yet) and the glide towards a new one. */
  private shift: number | null = null;
  private glide = { from: 0, to: 0, frame: 0 };
  /** Time spent in `process` while playing, and the output it made (s), since the last report. */
  private busy = { ms: 0, seconds: 0 };

  override process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const output = outputs[0];
    if (!output?.length) return false;
    const block = output[0]!.length;
    const outputTime = currentTime + this.outputLatencySeconds;
    while (this.timeMap.length > 1 && this.timeMap[1]!.output <= outputTime) this.timeMap.shift();
    const segment = this.timeMap[0]!;
    if (!this.wasmReady || !segment.active) {
      for (const channel of output) channel.fill(0);
      this.fed = null;
      this.shift = null;
      return true;
    }
    // The processor's own time (Date.now is the clock this scope has: whole ms, so a quantum's
    // share is 0 or 1 ms, and the sum over many quanta is unbiased).
    const started = Date.now();
    const wasm = this.wasmModule;
    wasm._setTransposeSemitones(this.shiftAt(segment.semitones), segment.tonalityHz / sampleRate);
    wasm._setFormantSemitones(segment.formantSemitones, segment.formantCompensation);
    wasm._setFormantBase(segment.formantBaseHz / sampleRate);
    let inputTime = segment.input + (outputTime - segment.output) * segment.rate;
    const loopLength = segment.loopEnd - segment.loopStart;
    let wrapped = 0;
    if (loopLength > 0 && inputTime >= segment.loopEnd) {
      segment.input -= loopLength;
      inputTime -= loopLength;
      wrapped = Math.round(loopLength * sampleRate);
    }
    const end = Math.round((inputTime + this.inputLatencySeconds) * sampleRate);
    // Steady play feeds the STFT the input since the last quantum (a loop's wrap lands on the
    // same frames one copy back); only a jump (a start, a seek) primes it again with a whole
    // window: the library seeks on every quantum, which runs its analysis ~4× as often.
    // Fed this way, the STFT's output comes one quantum later than after a seek: it is fed one
    // quantum of input ahead (measured: every stretched onset 2.6–2.8 ms late without it).
    const from = this.fed === null ? null : this.fed - wrapped;
    const ahead = end + Math.round(segment.rate * block);
    if (from !== null && ahead >= from && ahead - from <= this.bufferLength) {
      this.readWindow(from, ahead, output.length);
      wasm._process(ahead - from, block);
      this.fed = ahead;
    } else {
      this.readWindow(end - this.bufferLength, end, output.length);
      wasm._seek(this.bufferLength, segment.rate);
      wasm._process(0, block);
      this.fed = end;
    }
    const memory = wasm.exports ? wasm.exports.memory.buffer : wasm.HEAP8.buffer;
    output.forEach((channel, c) =>
      channel.set(new Float32Array(memory, this.buffersOut[c]!, block)),
    );
    this.busy.ms += Date.now() - started;
    this.busy.seconds += block / sampleRate;
    this.timeIntervalCounter -= block;
    if (this.timeIntervalCounter <= 0) {
      this.timeIntervalCounter = this.timeIntervalSamples;
      // One report an interval: its own work, for the sync bench. (The library's 'time' report
      // of the input position went here; nothing on our side read it.)
      this.port.postMessage(['usage', this.busy]);
      this.busy = { ms: 0, seconds: 0 };
    }
    return true;
  }

  /**
   * The shift for this quantum: a new one is reached by a linear glide over GLIDE_S (a step of
   * pitch carried through the STFT's overlapping frames dips a sine's level to ~54 %).
   */
  private shiftAt(target: number): number {
    if (this.shift === null) this.glide = { from: target, to: target, frame: currentFrame };
    else if (target !== this.glide.to)
      this.glide = { from: this.shift, to: target, frame: currentFrame };
    const done = Math.min(1, (currentFrame - this.glide.frame) / (GLIDE_S * sampleRate));
    this.shift = this.glide.from + (this.glide.to - this.glide.from) * done;
    return this.shift;
  }

  /**
   * Copies input frames [from, to) into the STFT's input scratch, zeros where there is none. A
   * segment with loop bounds reads its input modulo the loop's length: the voice holds the track
   * once and the copies after it (docs/AUDIO.md, "Synced audition") are the same frames.
   */
  private readWindow(from: number, to: number, channels: number): void {
    const wasm = this.wasmModule;
    const memory = wasm.exports ? wasm.exports.memory.buffer : wasm.HEAP8.buffer;
    const segment = this.timeMap[0]!;
    const period = Math.round((segment.loopEnd - segment.loopStart) * sampleRate);
    for (let c = 0; c < channels; c++) {
      const scratch = new Float32Array(memory, this.buffersIn[c]!, this.bufferLength);
      scratch.fill(0);
      if (period <= 0) {
        this.copyFrames(scratch, c, from, to, from);
        continue;
      }
      for (let base = Math.floor(from / period) * period; base < to; base += period)
        this.copyFrames(
          scratch,
          c,
          Math.max(from, base) - base,
          Math.min(to, base + period) - base,
          from - base,
        );
    }
  }

  /** Copies held frames [from, to) of channel `c` into `scratch`, frame `origin` at its index 0. */
  private copyFrames(
    scratch: Float32Array,
    c: number,
    from: number,
    to: number,
    origin: number,
  ): void {
    let start = this.audioBuffersStart;
    for (const planes of this.audioBuffers) {
      const length = planes[0]!.length;
      const a = Math.max(from, start);
      const b = Math.min(to, start + length);
      if (b > a) scratch.set(planes[c % planes.length]!.subarray(a - start, b - start), a - origin);
      start += length;
      if (start >= to) break;
    }
  }
}

register(STRETCH_PROCESSOR_NAME, StretchProcessor as unknown as new () => AudioWorkletProcessor);
