import type { GridClock } from '../../../shared/audio/beat-grid.ts';
import { getAudioEngine } from '../engine/audio-runtime.ts';

/** How far ahead of the press the beat's first downbeat is scheduled (s). */
const START_AHEAD_S = 0.05;
/** The fader's glide (s), so dragging it does not zipper. */
const FADER_GLIDE_S = 0.01;

/**
 * My beat's voice in the page's one engine (docs/AUDIO.md, "My beat"): the decoded bounce as
 * one AudioBufferSourceNode looping the whole buffer (frame-exact, whole bars, so its seam is a
 * bar line), through its own fader gain under the auditions (`AudioEngine.connectUnder`).
 */
export class BeatLoop {
  private buffer: AudioBuffer | null = null;
  private source: AudioBufferSourceNode | null = null;
  /** The running source's own gain: its stop glides it to silence without touching the fader. */
  private envelope: GainNode | null = null;
  private fader: GainNode | null = null;
  private volume = 0.8;
  /** Context time of the running loop's first downbeat. */
  private origin = 0;
  private bars = 1;

  /** Decodes the beat's bytes (a copy: the caller keeps its own) for playback. */
  async setAudio(bytes: ArrayBuffer, bars: number): Promise<void> {
    const context = getAudioEngine().context;
    const buffer = await context.decodeAudioData(bytes.slice(0));
    this.stop();
    this.buffer = buffer;
    this.bars = bars;
  }

  /** The bars the bounce holds (the grid changes with them; a running loop keeps its origin). */
  setBars(bars: number): void {
    this.bars = bars;
  }

  /** True while it loops. */
  get playing(): boolean {
    return this.source !== null;
  }

  /**
   * Its bar grid on the context clock while it plays, else null. The tempo is the decoded
   * buffer's own (bars × 240 ÷ its length), so the grid and the loop's seam never part.
   */
  clock(): GridClock | null {
    if (!this.source || !this.buffer) return null;
    return { origin: this.origin, bpm: (this.bars * 240) / this.buffer.duration };
  }

  /**
   * Starts the loop, its first downbeat `ahead` seconds from now (an audition that starts it
   * needs its own lead); false without audio. No-op if playing.
   */
  start(ahead = START_AHEAD_S): boolean {
    if (this.source) return true;
    if (!this.buffer) return false;
    const engine = getAudioEngine();
    const context = engine.context;
    if (!this.fader) {
      this.fader = new GainNode(context, { gain: this.volume });
      engine.connectUnder(this.fader);
    }
    const source = new AudioBufferSourceNode(context, { buffer: this.buffer, loop: true });
    const envelope = new GainNode(context);
    source.connect(envelope).connect(this.fader);
    this.envelope = envelope;
    this.origin = context.currentTime + Math.max(START_AHEAD_S, ahead);
    source.start(this.origin);
    this.source = source;
    return true;
  }

  /** Stops the loop at once (a short glide to silence first, so it does not click). */
  stop(): void {
    const { source, envelope } = this;
    if (!source || !envelope) return;
    this.source = null;
    this.envelope = null;
    const now = envelope.context.currentTime;
    envelope.gain.setTargetAtTime(0, now, FADER_GLIDE_S);
    source.stop(now + 10 * FADER_GLIDE_S);
    source.onended = () => envelope.disconnect();
  }

  /** The beat's fader, 0–1, under the player's volume. */
  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    if (!this.fader) return;
    this.fader.gain.setTargetAtTime(this.volume, this.fader.context.currentTime, FADER_GLIDE_S);
  }

  /** Forgets the audio (the beat was removed). */
  clear(): void {
    this.stop();
    this.buffer = null;
  }
}

/** The page's one beat loop. */
export const beatLoop = new BeatLoop();
