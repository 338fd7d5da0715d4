import { AudioError } from '../../shared/audio/audio-errors.ts';
import {
  FADE_PROCESSOR_NAME,
  type FadeInit,
  type FadeMessage,
} from '../../shared/audio/worklet-params.ts';
import { DEFAULTS } from '../../shared/constants.ts';
// Vite bundles the worklet and hands back its URL; this is a URL, not an import of worklet code.
// oxlint-disable-next-line no-restricted-imports, import/default
import fadeWorkletUrl from '../../worklets/fade.worklet.ts?worker&url';
import { LruCache } from './lru-cache.ts';
import type {
  LoadedTrack,
  PlaybackEngine,
  PlayerSong,
  StartOptions,
} from './playback-engine.types.ts';
import { trackKey, type LoadedPcm } from './track-loader.ts';

const FADE_S = DEFAULTS.fadeMs / 1000;
const UNLOCK_WAIT_MS = 300;
// The worklet silences a stopped voice itself; the source stops well after, whatever the message latency.
const STOP_MARGIN_S = 0.5;

/** Loads a song's PCM (the TrackLoader in the app; a fake in render tests). */
export type PcmSource = (
  song: PlayerSong,
  audition: boolean,
  signal: AbortSignal,
) => Promise<LoadedPcm>;

interface Voice {
  source: AudioBufferSourceNode;
  fade: AudioWorkletNode;
  /** Context time the source started, and the offset it started from (s). */
  startedAt: number;
  offset: number;
  duration: number;
  stopped: boolean;
}

/** Bytes an AudioBuffer holds (Float32 per sample per channel). */
const bufferBytes = (b: AudioBuffer) => b.length * b.numberOfChannels * 4;

/** Loads the fade processor into a context once (memoised per context). */
const worklets = new WeakMap<BaseAudioContext, Promise<void>>();
export function loadFadeWorklet(context: BaseAudioContext): Promise<void> {
  let ready = worklets.get(context);
  if (!ready) {
    ready = context.audioWorklet.addModule(fadeWorkletUrl);
    worklets.set(context, ready);
  }
  return ready;
}

/**
 * The main-thread engine: one AudioContext at the device rate; each voice is an
 * AudioBufferSourceNode at the file's own rate (the context resamples) through its own fade
 * worklet node, into the volume gain, the analyser and the speakers. Decoded tracks are kept as
 * AudioBuffers in an LRU bounded in bytes.
 */
export class AudioEngine implements PlaybackEngine {
  readonly context: BaseAudioContext;
  /** Output analyser for the visuals (spectrum, meters). */
  readonly analyser: AnalyserNode;
  /** Decoded tracks by key, bounded in bytes (DEFAULTS.pcmCacheBytes). */
  readonly buffers: LruCache<string, AudioBuffer>;
  private readonly volume: GainNode;
  private readonly source: PcmSource;
  private voice: Voice | null = null;

  constructor(options: { context: BaseAudioContext; source: PcmSource; cacheBytes?: number }) {
    this.context = options.context;
    this.source = options.source;
    this.buffers = new LruCache(options.cacheBytes ?? DEFAULTS.pcmCacheBytes, bufferBytes);
    this.volume = new GainNode(this.context, { gain: DEFAULTS.playerVolume / 100 });
    this.analyser = new AnalyserNode(this.context, { fftSize: 2048, smoothingTimeConstant: 0.8 });
    this.volume.connect(this.analyser).connect(this.context.destination);
  }

  async load(
    song: PlayerSong,
    options: { audition: boolean; signal: AbortSignal },
  ): Promise<LoadedTrack> {
    const key = trackKey(song, options.audition);
    const ready = loadFadeWorklet(this.context);
    const cached = this.buffers.get(key);
    const track = cached
      ? { key, duration: cached.duration }
      : this.cachePcm(key, await this.source(song, options.audition, options.signal));
    await ready;
    if (options.signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
    return track;
  }

  /** Resolves once the fade processor is loaded (load() waits for it; call early to pre-warm). */
  ready(): Promise<void> {
    return loadFadeWorklet(this.context);
  }

  /** Puts decoded planes into the buffer cache under `key`, ready for `start`. */
  cachePcm(key: string, pcm: Pick<LoadedPcm, 'channels' | 'sampleRate' | 'frames'>): LoadedTrack {
    const buffer = new AudioBuffer({
      length: pcm.frames,
      numberOfChannels: pcm.channels.length,
      sampleRate: pcm.sampleRate,
    });
    pcm.channels.forEach((plane, c) => buffer.copyToChannel(plane as Float32Array<ArrayBuffer>, c));
    this.buffers.set(key, buffer);
    return { key, duration: buffer.duration };
  }

  start(track: LoadedTrack, offset: number, options: StartOptions): void {
    const buffer = this.buffers.get(track.key);
    if (!buffer) throw new AudioError('DECODE', `track ${track.key} is no longer cached`);
    this.stop();
    const at = this.context.currentTime;
    const from = Math.min(Math.max(0, offset), buffer.duration);
    const remaining = buffer.duration - from;
    const schedule: FadeMessage[] = [];
    if (options.fadeIn) schedule.push({ type: 'fade', direction: 'in', at, duration: FADE_S });
    // Fade the tail too, unless the rest is too short to hold both ramps.
    if (remaining > 2 * FADE_S)
      schedule.push({
        type: 'fade',
        direction: 'out',
        at: at + remaining - FADE_S,
        duration: FADE_S,
      });
    const init: FadeInit = { initialGain: options.fadeIn ? 0 : 1, schedule };
    const fade = new AudioWorkletNode(this.context, FADE_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [buffer.numberOfChannels],
      processorOptions: init,
    });
    const source = new AudioBufferSourceNode(this.context, { buffer });
    source.connect(fade).connect(this.volume);
    const voice: Voice = {
      source,
      fade,
      startedAt: at,
      offset: from,
      duration: buffer.duration,
      stopped: false,
    };
    source.onended = () => {
      source.disconnect();
      fade.disconnect();
      if (!voice.stopped) {
        voice.stopped = true;
        if (this.voice === voice) this.voice = null;
        options.onEnded();
      }
    };
    source.start(at, from);
    this.voice = voice;
  }

  stop(): void {
    const voice = this.voice;
    if (!voice) return;
    this.voice = null;
    voice.stopped = true;
    const at = this.context.currentTime;
    voice.fade.port.postMessage({
      type: 'fade',
      direction: 'out',
      at,
      duration: FADE_S,
    } satisfies FadeMessage);
    // The worklet silences the voice after its ramp; the stop only frees the source.
    voice.source.stop(at + FADE_S + STOP_MARGIN_S);
  }

  position(): number {
    const v = this.voice;
    if (!v) return 0;
    return Math.min(v.duration, v.offset + Math.max(0, this.context.currentTime - v.startedAt));
  }

  setVolume(gain: number): void {
    // A short glide, so dragging the slider does not zipper.
    this.volume.gain.setTargetAtTime(
      Math.min(1, Math.max(0, gain)),
      this.context.currentTime,
      0.01,
    );
  }

  isSuspended(): boolean {
    return this.context.state === 'suspended';
  }

  async unlock(): Promise<boolean> {
    const ctx = this.context;
    if (!(ctx instanceof AudioContext)) return true;
    // Without a user gesture resume() may neither resolve nor reject: give it a moment only.
    const settled = ctx.resume().then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), UNLOCK_WAIT_MS));
    await Promise.race([settled, timeout]);
    return (ctx.state as AudioContextState) === 'running';
  }
}
