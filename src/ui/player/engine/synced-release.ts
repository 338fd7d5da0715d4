import { FADE_GATE, FADE_GATE_PARAM } from '../../../shared/audio/worklet-params.ts';
import type { Lead } from './synced-lead.ts';
import type { StretchVoiceNodes } from './synced-voice.types.ts';
import { FADE_S } from './voice-nodes.ts';

// After the fade-out, how long before the node stops and goes back to the spares (s).
const RELEASE_AFTER_S = FADE_S + 0.1;

/**
 * Closes the gate of a voice that is not a loop `FADE_S` before `endAt` (the tail fade; none for
 * a render or a voice too short for it), dropping what was planned after now.
 */
export function planTailFade(
  context: BaseAudioContext,
  fade: AudioWorkletNode,
  now: number,
  endAt: number,
  render: boolean,
): void {
  const gate = fade.parameters.get(FADE_GATE_PARAM)!;
  gate.cancelScheduledValues(now + 1 / context.sampleRate);
  if (endAt - now > 2 * FADE_S && !render) gate.setValueAtTime(FADE_GATE.closed, endAt - FADE_S);
}

/**
 * Fades a voice out (the engine's 50 ms fade, a frame after `startedAt` at the earliest), stops
 * its lead, and once silent parks its stretch node and hands the nodes to `release`.
 */
export function fadeOutAndRelease(
  context: BaseAudioContext,
  nodes: StretchVoiceNodes,
  startedAt: number,
  lead: Lead | null,
  release: (nodes: StretchVoiceNodes) => void,
): void {
  const now = context.currentTime;
  // A voice waiting for its bar line is called off before it opens.
  const at = startedAt > now ? now : Math.max(now, startedAt + 1 / context.sampleRate);
  const gate = nodes.fade.parameters.get(FADE_GATE_PARAM)!;
  gate.cancelScheduledValues(at);
  gate.setValueAtTime(FADE_GATE.closed, at);
  lead?.source.stop(at + FADE_S + 0.01);
  const done = () => {
    void nodes.stretch.schedule({ active: false, loopStart: 0, loopEnd: 0 });
    nodes.stretch.node.disconnect();
    nodes.fade.disconnect();
    release(nodes);
  };
  if (context instanceof AudioContext) setTimeout(done, RELEASE_AFTER_S * 1000);
}
