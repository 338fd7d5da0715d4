import { FADE_PROCESSOR_NAME } from '../../../shared/audio/worklet-params.ts';
import { isFadeWorkletLoaded } from './voice-nodes.ts';

// Output channels of a voice wired ahead: mono and stereo files fit (mono is copied to both, as
// the speakers' up-mix would); more channels get nodes of their own.
const SPARE_CHANNELS = 2;

/** A voice's nodes: its source, wired into its own fade node, wired into the engine's output. */
interface VoiceNodes {
  source: AudioBufferSourceNode;
  fade: AudioWorkletNode;
}

/**
 * Makes each voice's nodes, keeping one set made and wired ahead of the click. In the bench page
 * (150 cached starts each, command phase randomised), a buffer source made and connected in the
 * click's task was heard ~0.2 ms later on average than one wired beforehand whose start() was the
 * only call: the audio thread takes new nodes and connections into its graph at the start of a
 * render quantum, and not in a quantum whose graph lock the main thread holds then. Making a fade
 * node also holds the main thread ~0.4 ms. A click therefore only sets the spare's buffer and
 * starts it.
 */
export class VoiceWiring {
  private spare: VoiceNodes | null = null;
  private readonly context: BaseAudioContext;
  private readonly output: AudioNode;

  constructor(context: BaseAudioContext, output: AudioNode) {
    this.context = context;
    this.output = output;
  }

  /** Wires the next voice now, unless one is waiting or the fade processor is not loaded yet. */
  prepare(): void {
    if (!this.spare && isFadeWorkletLoaded(this.context)) this.spare = this.wire(SPARE_CHANNELS);
  }

  /** Nodes for a voice playing `buffer`: the spare when it fits, else new ones. */
  take(buffer: AudioBuffer): VoiceNodes {
    const spare = buffer.numberOfChannels <= SPARE_CHANNELS ? this.spare : null;
    const nodes = spare ?? this.wire(buffer.numberOfChannels);
    nodes.source.buffer = buffer;
    if (spare) {
      this.spare = null;
      // The next set is made after this task, off the path of this click's sound (an offline
      // render, in tests, would run on while a timer waits: it gets its set now).
      if (this.context instanceof AudioContext) setTimeout(() => this.prepare(), 0);
      else this.prepare();
    }
    return nodes;
  }

  /** A new source wired into the voice's fade node (the next buffer of a playing voice). */
  follow(fade: AudioWorkletNode, buffer: AudioBuffer): AudioBufferSourceNode {
    const source = new AudioBufferSourceNode(this.context, { buffer });
    source.connect(fade);
    return source;
  }

  private wire(channels: number): VoiceNodes {
    const fade = new AudioWorkletNode(this.context, FADE_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [channels],
    });
    fade.connect(this.output);
    const source = new AudioBufferSourceNode(this.context);
    source.connect(fade);
    return { source, fade };
  }
}
