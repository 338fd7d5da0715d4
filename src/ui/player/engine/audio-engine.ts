import { AudioError, isAudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import { FADE_GATE, FADE_GATE_PARAM } from '../../../shared/audio/worklet-params.ts';
import { DEFAULTS } from '../../../shared/constants.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import {
  bufferBytes,
  closeAtEnd,
  FADE_S,
  isFadeWorkletLoaded,
  loadFadeWorklet,
  openingGate,
  toBuffer,
} from './voice-nodes.ts';
import type {
  LoadedTrack,
  PlaybackEngine,
  PlayerSong,
  StartOptions,
} from './playback-engine.types.ts';
import { trackKey, type LoadedPcm } from './track-loader.ts';
import { TrackRequests, type PcmSource } from './track-requests.ts';
import { VoiceWiring } from './voice-wiring.ts';
import { sliceIsWhole, voicePosition, type Voice } from './voice.ts';
import type { SyncedVoice } from './synced-voice.ts';
import { SyncedVoices } from './synced-voices.ts';
import type { TimePitch } from '../../../shared/audio/sync-params.ts';

const UNLOCK_WAIT_MS = 300;
// The worklet silences a stopped voice itself (its gate closes on the frame); the source is only
// freed, well after the fade.
const STOP_MARGIN_S = 0.5;
// How far ahead the switch from a preview slice to the full buffer is scheduled.
const SWITCH_AHEAD_S = 0.03;
// A tail fade due sooner than this can no longer be called off (setLoop): the voice ends, and
// the store starts the loop again (docs/AUDIO.md, "Loops").
const CANCEL_MARGIN_S = 0.01;

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
  /** The auditions' gain as last set, and from when (so a start at the same gain sets nothing). */
  private auditionsGain = { value: 1, at: 0 };
  private voice: Voice | null = null;
  /** Voices' nodes, one set wired ahead of the click. */
  private readonly wiring: VoiceWiring;
  /** Tracks loading now: a play's, or a prefetch no play has taken over yet. */
  private readonly requests: TrackRequests;
  // --- synced audition (issue 25; src/ui/player/engine/synced-voice.ts) ---
  /** Stretch voices (Sync on); `synced.prepare()` makes one ready ahead of a click. */
  readonly synced: SyncedVoices;
  private syncedVoice: SyncedVoice | null = null;

  constructor(options: { context: BaseAudioContext; source: PcmSource; cacheBytes?: number }) {
    this.context = options.context;
    this.requests = new TrackRequests(options.source, (key, pcm) => this.cachePcm(key, pcm));
    this.buffers = new LruCache(options.cacheBytes ?? DEFAULTS.pcmCacheBytes, {
      sizeOf: bufferBytes,
    });
    this.volume = new GainNode(this.context, { gain: DEFAULTS.playerVolume / 100 });
    this.analyser = new AnalyserNode(this.context, { fftSize: 2048, smoothingTimeConstant: 0.8 });
    this.volume.connect(this.analyser).connect(this.context.destination);
    this.auditions = new GainNode(this.context);
    this.auditions.connect(this.volume);
    this.wiring = new VoiceWiring(this.context, this.auditions);
    this.synced = new SyncedVoices(this.context, this.auditions);
  }

  async load(
    song: PlayerSong,
    options: { audition: boolean; signal: AbortSignal },
  ): Promise<LoadedTrack> {
    const key = trackKey(song, options.audition);
    const ready = this.ready();
    const cached = this.buffers.get(key);
    const track = cached
      ? { key, duration: cached.duration }
      : await this.requests.claim(song, options.audition, key, options.signal);
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
    return loadFadeWorklet(this.context).then(() => this.wiring.prepare());
  }

  /** Puts decoded planes into the buffer cache under `key`, ready for `start`. */
  cachePcm(key: string, pcm: Pick<LoadedPcm, 'channels' | 'sampleRate'>): LoadedTrack {
    const buffer = toBuffer(pcm.channels, pcm.sampleRate);
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
    if (options.timePitch) {
      // --- synced audition: the same buffer through a stretch voice (synced-voice.ts) ---
      this.syncedVoice = this.synced.start({
        buffer,
        rest: partial?.full.then((done) => this.buffers.get(done.key)),
        offset: from,
        timePitch: options.timePitch,
        loop,
        fadeIn: openingGate(buffer, from, options.fadeIn) === FADE_GATE.fadeIn,
        onEnded: options.onEnded,
        startAt: at,
      });
      return;
    }
    const { source, fade } = this.wiring.take(buffer);
    const gate = fade.parameters.get(FADE_GATE_PARAM)!;
    gate.setValueAtTime(openingGate(buffer, from, options.fadeIn), at);
    // loopStart and loopEnd stay 0: the loop is the whole buffer, the file's own bounds.
    source.loop = loop && whole;
    const voice: Voice = {
      source,
      fade,
      startedAt: at,
      offset: from,
      duration: buffer.duration,
      loop,
      whole,
      // A preview's end is not known yet: its tail fade comes with the full buffer.
      closeAt: partial || loop ? null : closeAtEnd(gate, at, buffer.duration - from),
      stopped: false,
      finish: () => {
        // A voice that ended with its gate open (a one-shot too short for an end fade, a preview
        // whose rest failed) would keep its processor running for good: worklet nodes process
        // until process() says they are done, connected or not, and a few hundred such nodes
        // fill the render thread (docs/AUDIO.md, Benchmarks). Its source has ended: close it.
        gate.setValueAtTime(FADE_GATE.closed, this.context.currentTime);
        fade.disconnect();
        if (voice.stopped) return;
        voice.stopped = true;
        if (this.voice === voice) this.voice = null;
        options.onEnded();
      },
    };
    this.attach(voice, source, !partial);
    source.start(at, from);
    this.voice = voice;
    partial?.full.then(
      (done) => this.switchToFull(voice, this.buffers.get(done.key)),
      (error: unknown) => {
        if (isAudioErrorInfo(error) && error.code === 'DECRYPT') {
          // The preview was read before the body's tag could be checked, and the tag failed.
          if (voice.stopped) return;
          this.stop();
          options.onError?.(error);
          return;
        }
        // The rest failed to decode: the preview is all there is.
        voice.previewOnly = true;
        if (voice.previewEnded) voice.finish();
      },
    );
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
   * end (the mode changed): on the same source, without a restart. A tail fade already under way
   * is not called off; the voice then ends and the store starts the loop again.
   */
  setLoop(loop: boolean): void {
    const voice = this.voice;
    if (!voice || voice.stopped || voice.loop === loop) return;
    voice.loop = loop;
    // A slice of part of the file neither loops nor has a tail fade: the switch to the full
    // buffer applies the voice's mode.
    if (!voice.whole) return;
    const now = this.context.currentTime;
    const gate = voice.fade.parameters.get(FADE_GATE_PARAM)!;
    if (loop && voice.closeAt !== null) {
      if (voice.closeAt < now + CANCEL_MARGIN_S) return;
      gate.cancelScheduledValues(voice.closeAt);
      voice.closeAt = null;
    }
    // The timeline from now on, so the position keeps counting on the new rule.
    voice.offset = voicePosition(voice, now);
    voice.startedAt = now;
    voice.source.loop = loop;
    if (!loop) voice.closeAt = closeAtEnd(gate, now, voice.duration - voice.offset);
  }

  /** Watches a voice's source end; only the source that plays to the true end finishes it. */
  private attach(voice: Voice, source: AudioBufferSourceNode, final: boolean): void {
    source.onended = () => {
      source.disconnect();
      if (voice.source !== source) return;
      // A stopped voice is only cleaned up; finish() reports an end only for a live one.
      if (voice.stopped || final || voice.previewOnly) voice.finish();
      else voice.previewEnded = true;
    };
  }

  /**
   * Continues a voice that started on a preview slice with the full buffer: the full source
   * starts a little ahead, at the exact position the preview will have reached, and the preview
   * stops on the same frame — the samples are the same, so the seam is inaudible.
   */
  private switchToFull(voice: Voice, full: AudioBuffer | undefined): void {
    if (!full || voice.stopped || this.voice !== voice) return;
    const at = this.context.currentTime + SWITCH_AHEAD_S;
    // The voice's timeline runs on across the switch; a loop wraps it at the file's length,
    // wherever the seam fell (in the slice, or before the switch).
    let position = voice.offset + (at - voice.startedAt);
    if (voice.loop) position %= full.duration;
    else if (position >= full.duration) {
      // The preview has already played the whole file: it is all there is.
      voice.previewOnly = true;
      if (voice.previewEnded) voice.finish();
      return;
    }
    const next = this.wiring.follow(voice.fade, full);
    next.loop = voice.loop;
    this.attach(voice, next, true);
    next.start(at, position);
    voice.source.stop(at);
    voice.source = next;
    voice.duration = full.duration;
    voice.whole = true;
    if (!voice.loop)
      voice.closeAt = closeAtEnd(
        voice.fade.parameters.get(FADE_GATE_PARAM)!,
        at,
        full.duration - position,
      );
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
    const voice = this.voice;
    if (!voice) return;
    this.voice = null;
    voice.stopped = true;
    // A frame after the start at the earliest, so a voice stopped in the task that started it
    // still opens and closes (and its node is released) rather than waiting for good.
    const now = this.context.currentTime;
    const gate = voice.fade.parameters.get(FADE_GATE_PARAM)!;
    // A voice waiting for its bar line is called off before it opens; else a frame after the
    // start at the earliest (see above).
    if (voice.startedAt > now) gate.cancelScheduledValues(now);
    const at =
      voice.startedAt > now ? now : Math.max(now, voice.startedAt + 1 / this.context.sampleRate);
    gate.setValueAtTime(FADE_GATE.closed, at);
    // The worklet silences the voice after its ramp; the stop only frees the source.
    voice.source.stop(at + FADE_S + STOP_MARGIN_S);
  }

  position(): number {
    if (this.syncedVoice) return this.syncedVoice.position();
    return this.voice ? voicePosition(this.voice, this.context.currentTime) : 0;
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
