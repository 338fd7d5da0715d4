import { FADE_PROCESSOR_NAME } from '../../../shared/audio/worklet-params.ts';
import { StretchNode } from './stretch-node.ts';
import { SyncedVoice } from './synced-voice.ts';
import type { StretchVoiceNodes, SyncedStart } from './synced-voice.types.ts';
import { loadFadeWorklet } from './voice-nodes.ts';

/**
 * The STFT's block and interval (ms). Signalsmith's default (120 ms blocks, 30 ms apart) lands
 * a stretched click up to 2.5 ms off its grid; 80 ms blocks every 10 ms keep every onset within
 * 0.3 ms and a 440 Hz sine shifted +3 or −5 semitones within 5 cents at 44.1 and 48 kHz. Longer
 * intervals cost less, but each one tried (80/12 … 90/20) put the −5 shift over 5 cents at one
 * of those rates (docs/AUDIO.md, "Synced audition").
 */
export const STRETCH_CONFIG = { blockMs: 80, intervalMs: 10 } as const;
// Output channels of the nodes made ahead: mono and stereo fit (the stretch copies mono to both).
const SPARE_CHANNELS = 2;
// Spare node sets kept ready in a live context, counting those a stopping voice gives back: a
// click within a fade of the last one (RELEASE_AFTER_S) would otherwise wait for a new node, whose
// WASM is instantiated on the audio thread (hundreds of ms on a busy machine).
const SPARES = 2;
// At most this many idle nodes are kept.
const MAX_IDLE = SPARES + 1;

/**
 * The engine's synced voices (docs/AUDIO.md, "Synced audition"): a track played time-stretched
 * and pitch-shifted by Signalsmith Stretch in the audio thread, through a fade node of its own
 * into the engine's output. Nodes are made ahead and reused, so a click only hands over planes
 * and a time map.
 */
export class SyncedVoices {
  private readonly context: BaseAudioContext;
  private readonly output: AudioNode;
  private readonly idle: StretchVoiceNodes[] = [];
  private making: Promise<void> | null = null;
  /** Voices whose nodes have not come back yet. */
  private readonly out = new Set<SyncedVoice>();

  constructor(context: BaseAudioContext, output: AudioNode) {
    this.context = context;
    this.output = output;
  }

  /**
   * Makes spare sets of nodes ahead of a synced click (their WASM ready): SPARES in a live
   * context, counting the sets stopping voices give back, one in an offline render.
   */
  prepare(): Promise<void> {
    const want = this.context instanceof AudioContext ? SPARES : 1;
    const returning = [...this.out].filter((v) => v.isStopped).length;
    if (this.idle.length + returning >= want) return Promise.resolve();
    this.making ??= this.make(SPARE_CHANNELS).then(
      (nodes) => {
        this.idle.push(nodes);
        this.making = null;
      },
      (error: unknown) => {
        this.making = null;
        throw error;
      },
    );
    return this.making.then(() => this.prepare());
  }

  /** Starts a synced voice now (on spare nodes when ready, else as soon as they are). */
  start(options: SyncedStart): SyncedVoice {
    const channels = Math.max(SPARE_CHANNELS, options.buffer.numberOfChannels);
    const index = this.idle.findIndex((n) => n.stretch.channels === channels);
    const nodes = index >= 0 ? this.idle.splice(index, 1)[0]! : this.make(channels);
    const voice: SyncedVoice = new SyncedVoice(
      this.context,
      this.output,
      options,
      nodes,
      (released) => {
        this.out.delete(voice);
        this.recycle(released);
      },
    );
    if (!(this.context instanceof AudioContext)) return voice;
    this.out.add(voice);
    setTimeout(() => void this.prepare().catch(() => {}), 0);
    return voice;
  }

  private async make(channels: number): Promise<StretchVoiceNodes> {
    await loadFadeWorklet(this.context);
    const stretch = await StretchNode.create(this.context, channels);
    void stretch.configure(STRETCH_CONFIG);
    await stretch.ready;
    return this.wire(stretch);
  }

  /** The stretch node into a gain (its cross-fade with the lead) into a new fade node. */
  private wire(stretch: StretchNode): StretchVoiceNodes {
    const fade = new AudioWorkletNode(this.context, FADE_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [stretch.channels],
    });
    const gain = new GainNode(this.context);
    stretch.node.connect(gain).connect(fade);
    return { stretch, gain, fade };
  }

  /** A stopped voice's stretch node: emptied, reset and wired anew for the next voice. */
  private recycle({ stretch }: StretchVoiceNodes): void {
    void stretch.dropBuffers();
    if (this.idle.length >= MAX_IDLE) return;
    // A new configuration resets the STFT, so no tail of this voice leaks into the next.
    void stretch.configure(STRETCH_CONFIG);
    this.idle.push(this.wire(stretch));
  }
}
