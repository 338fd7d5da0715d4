import { AudioError } from '../../../shared/audio/audio-errors.ts';
import { FADE_GATE } from '../../../shared/audio/worklet-params.ts';
import { DEFAULTS } from '../../../shared/constants.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import {
  bufferBytes,
  isFadeWorkletLoaded,
  loadFadeWorklet,
  openingGate,
  toBuffer,
  toBufferInSlices,
} from './voice-nodes.ts';
import type {
  LoadedTrack,
  PlaybackEngine,
  PlayerSong,
  StartOptions,
} from './playback-engine.types.ts';
import { trackKey, type LoadedPcm } from './track-loader.ts';
import { TrackRequests, type PcmSource } from './track-requests.ts';
import { BufferVoices } from './buffer-voices.ts';
import { sliceIsWhole } from './voice.ts';
import type { SyncedVoice } from './synced-voice.ts';
import { SyncedVoices } from './synced-voices.ts';
import type { TimePitch } from '../../../shared/audio/sync-params.ts';

const UNLOCK_WAIT_MS = 300;
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
  /** Every audition's voice goes through this gain into `volume` (matched loudness, "My beat"). */
  private readonly auditions: GainNode;
  /** Plain voices (Sync off), on nodes wired ahead of the click (buffer-voices.ts). */
  private readonly voices: BufferVoices;
  /** The auditions' gain as last set, and from when (so a start at the same gain sets nothing). */
  private auditionsGain = { value: 1, at: 0 };
  /** Tracks loading now: a play's, or a prefetch no play has taken over yet. */
  private readonly requests: TrackRequests;
  // --- synced audition (issue 25; src/ui/player/engine/synced-voice.ts) ---
  /** Stretch voices (Sync on); `synced.prepare()` makes one ready ahead of a click. */
  readonly synced: SyncedVoices;
  private syncedVoice: SyncedVoice | null = null;
  /**
   * The fastest a song's first slice will be played: its synced stretch (the player sets it;
   * 1 plays it as it is). A slice is taken only when it outlasts the rest's arrival at it.
   */
  previewRate: (song: PlayerSong) => number = () => 1;

  constructor(options: { context: BaseAudioContext; source: PcmSource; cacheBytes?: number }) {
    this.context = options.context;
    this.requests = new TrackRequests(
      options.source,
      (key, pcm, inSlices) =>
        inSlices ? this.cachePcmInSlices(key, pcm) : this.cachePcm(key, pcm),
      (song) => this.previewRate(song),
    );
    this.buffers = new LruCache(options.cacheBytes ?? DEFAULTS.pcmCacheBytes, {
      sizeOf: bufferBytes,
    });
    this.volume = new GainNode(this.context, { gain: DEFAULTS.playerVolume / 100 });
    this.analyser = new AnalyserNode(this.context, { fftSize: 2048, smoothingTimeConstant: 0.8 });
    this.volume.connect(this.analyser).connect(this.context.destination);
    this.auditions = new GainNode(this.context);
    this.auditions.connect(this.volume);
    this.voices = new BufferVoices(this.context, this.auditions);
    this.synced = new SyncedVoices(this.context, this.auditions);
  }

  async load(
    song: PlayerSong,
    options: { audition: boolean; signal: AbortSignal; whole?: boolean },
  ): Promise<LoadedTrack> {
    const key = trackKey(song, options.audition);
    const ready = this.ready();
    const cached = this.buffers.get(key);
    const track = cached
      ? { key, duration: cached.duration }
      : await this.requests.claim(song, options.audition, key, options.signal, options.whole);
    await ready;
    if (options.signal.aborted) throw new AudioError('ABORTED', 'the request was cancelled');
    return track;
  }

  /**
   * Fetches and decodes a track ahead of a click (anticipation, docs/AUDIO.md): it lands in the
   * buffer cache, and a play of it meanwhile takes the request over instead of starting another.
   * False when it is cached or already on its way.
   */
  prefetch(song: PlayerSong, audition: boolean): boolean {
    const key = trackKey(song, audition);
    return !this.buffers.has(key) && this.requests.prefetch(song, audition, key);
  }

  /** Stops the prefetches no play has taken over, except those of `keep` (track keys). */
  cancelPrefetches(keep?: ReadonlySet<string>): void {
    this.requests.cancelPrefetches(keep);
  }

  /** True while a track a play waits for is still loading (prefetches then wait). */
  busy(): boolean {
    return this.requests.busy();
  }

  cached(song: PlayerSong, audition: boolean): LoadedTrack | null {
    const key = trackKey(song, audition);
    const buffer = this.buffers.get(key);
    return buffer && isFadeWorkletLoaded(this.context) ? { key, duration: buffer.duration } : null;
  }

  /** Resolves once the fade processor is loaded (load() waits for it; call early to pre-warm). */
  ready(): Promise<void> {
    return loadFadeWorklet(this.context).then(() => this.voices.prepare());
  }

  /** Puts decoded planes into the buffer cache under `key`, ready for `start`. */
  cachePcm(key: string, pcm: Pick<LoadedPcm, 'channels' | 'sampleRate'>): LoadedTrack {
    const buffer = toBuffer(pcm.channels, pcm.sampleRate);
    this.buffers.set(key, buffer);
    return { key, duration: buffer.duration };
  }

  /** `cachePcm` copied a slice a task: for a whole that takes over from a playing first slice. */
  private async cachePcmInSlices(key: string, pcm: LoadedPcm): Promise<LoadedTrack> {
    const buffer = await toBufferInSlices(pcm.channels, pcm.sampleRate);
    this.buffers.set(key, buffer);
    return { key, duration: buffer.duration };
  }

  start(track: LoadedTrack, offset: number, options: StartOptions): void {
    const partial = this.buffers.has(track.key) ? undefined : this.requests.partial(track.key);
    const buffer = this.buffers.get(track.key) ?? partial?.buffer;
    if (!buffer) throw new AudioError('DECODE', `track ${track.key} is no longer cached`);
    this.stop();
    const now = this.context.currentTime;
    // A start on a bar line of my beat is scheduled ahead; one already past starts now.
    const at = Math.max(now, options.at ?? now);
    this.setAuditionsGain(options.gain ?? 1, now, at);
    const loop = options.loop === true;
    // A loop started at its very end starts its next pass.
    const bounded = Math.min(Math.max(0, offset), buffer.duration);
    const from = loop && bounded >= buffer.duration ? 0 : bounded;
    const whole = !partial || sliceIsWhole(buffer, partial.track.duration);
    // The full buffer, when a preview slice plays now.
    const rest = partial?.full.then((done) => this.buffers.get(done.key));
    if (options.timePitch) {
      // --- synced audition: the same buffer through a stretch voice (synced-voice.ts) ---
      this.syncedVoice = this.synced.start({
        buffer,
        rest,
        offset: from,
        timePitch: options.timePitch,
        loop,
        fadeIn: openingGate(buffer, from, options.fadeIn) === FADE_GATE.fadeIn,
        onEnded: options.onEnded,
        startAt: at,
      });
      return;
    }
    this.voices.start({
      buffer,
      rest,
      offset: from,
      at,
      loop,
      whole,
      fadeIn: options.fadeIn,
      onEnded: options.onEnded,
      onError: options.onError,
    });
  }

  /**
   * The auditions' gain `value` from `at` on. A start at the gain already in force (every start
   * without my beat's match) schedules nothing: the plain click path stays as it was. A gain set
   * for a start still waiting for its line is called off with it.
   */
  private setAuditionsGain(value: number, now: number, at: number): void {
    const set = this.auditionsGain;
    if (set.value === value && set.at <= now) return;
    this.auditions.gain.cancelScheduledValues(now);
    this.auditions.gain.setValueAtTime(value, at);
    this.auditionsGain = { value, at };
  }

  /**
   * Makes the current voice repeat (a loop sample in a mode that repeats it) or play on to its
   * end (the mode changed): on the same source, without a restart (buffer-voices.ts).
   */
  setLoop(loop: boolean): void {
    this.voices.setLoop(loop);
  }

  /**
   * Plays `node` under the auditions, into the volume, analyser and speakers but not through the
   * auditions' gain: my beat's loop (docs/AUDIO.md, "My beat").
   */
  connectUnder(node: AudioNode): void {
    node.connect(this.volume);
  }

  /** Changes the synced voice's stretch and shift while it plays; false without one. */
  setTimePitch(timePitch: TimePitch | null): boolean {
    if (!this.syncedVoice) return false;
    this.syncedVoice.setTimePitch(timePitch ?? { rate: 1, semitones: 0 });
    return true;
  }

  stop(): void {
    this.syncedVoice?.stop();
    this.syncedVoice = null;
    this.voices.stop();
  }

  position(): number {
    if (this.syncedVoice) return this.syncedVoice.position();
    return this.voices.position();
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
