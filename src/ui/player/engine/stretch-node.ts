import {
  STRETCH_PROCESSOR_NAME,
  type StretchSegment,
} from '../../../shared/audio/worklet-params.ts';
// Vite bundles the worklet (with the stretch library's WASM) and hands back its URL.
// oxlint-disable-next-line no-restricted-imports, import/default
import stretchWorkletUrl from '../../../worklets/stretch.worklet.ts?worker&url';

const modules = new WeakMap<BaseAudioContext, Promise<void>>();

/**
 * Every stretch processor's reports of its own work while playing, one per 0.1 s of output: the
 * time spent in its `process` (ms) and the output it made (s); one voice's CPU, for the sync bench.
 */
export const stretchUsage: { listener: ((ms: number, seconds: number) => void) | null } = {
  listener: null,
};

/** Loads the stretch processor into a context once (memoised per context). */
export function loadStretchWorklet(context: BaseAudioContext): Promise<void> {
  let ready = modules.get(context);
  if (!ready) {
    ready = context.audioWorklet.addModule(stretchWorkletUrl);
    modules.set(context, ready);
  }
  return ready;
}

/**
 * A Signalsmith Stretch worklet node driven through its port: the planes it plays (appended in
 * order, one timeline of input seconds at the context's rate) and its time map (`schedule`).
 * Calls made before its WASM runs wait in the processor, in order.
 */
export class StretchNode {
  readonly node: AudioWorkletNode;
  readonly channels: number;
  /** Resolves once the processor's WASM runs (it renders silence until then). */
  readonly ready: Promise<void>;
  private next = 0;
  private readonly answers = new Map<number | string, (value: unknown) => void>();

  private constructor(context: BaseAudioContext, channels: number) {
    this.channels = channels;
    this.node = new AudioWorkletNode(context, STRETCH_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [channels],
    });
    this.ready = new Promise((resolve) => this.answers.set('ready', () => resolve()));
    this.node.port.onmessage = (event: MessageEvent<[number | string, unknown]>) => {
      const [id, value] = event.data;
      if (id === 'usage') {
        const { ms, seconds } = value as { ms: number; seconds: number };
        stretchUsage.listener?.(ms, seconds);
        return;
      }
      const answer = this.answers.get(id);
      if (!answer) return;
      this.answers.delete(id);
      answer(value);
    };
  }

  /** A node of `channels` output channels, its processor module loaded first. */
  static async create(context: BaseAudioContext, channels: number): Promise<StretchNode> {
    await loadStretchWorklet(context);
    return new StretchNode(context, channels);
  }

  private call(method: string, args: unknown[], transfer: Transferable[] = []): Promise<unknown> {
    const id = this.next++;
    const answered = new Promise((resolve) => this.answers.set(id, resolve));
    this.node.port.postMessage([id, method, ...args], transfer);
    return answered;
  }

  /** Appends planes (one per channel, equal lengths) to the input; resolves to its new end (s). */
  addBuffers(planes: Float32Array[], transfer = false): Promise<number> {
    return this.call(
      'addBuffers',
      [planes],
      transfer ? planes.map((p) => p.buffer as ArrayBuffer) : [],
    ) as Promise<number>;
  }

  /** Drops every input plane. */
  dropBuffers(): Promise<unknown> {
    return this.call('dropBuffers', []);
  }

  /** Adds a change to the time map; later changes already scheduled are dropped. */
  schedule(segment: StretchSegment): Promise<unknown> {
    return this.call('schedule', [segment]);
  }

  /** Resolves once every call posted before it has run in the processor. */
  settled(): Promise<unknown> {
    return this.call('latency', []);
  }

  /** Block and interval of the STFT (ms), or the library's preset with `blockMs: 0`. */
  configure(config: { blockMs: number; intervalMs?: number }): Promise<unknown> {
    return this.call('configure', [config]);
  }
}
