import { encodeWav } from '../../../shared/audio/encode-wav.ts';
import { analyseAudioFile } from '../engine/audio-runtime.ts';
import { cutToBars, MAX_TAKE_SECONDS, TakeError } from './beat-take.ts';

/** Why a recording did not start or did not give a beat (the UI says it in the user's language). */
export type RecordErrorCode = 'denied' | 'noDevice' | 'unsupported' | 'noBeat' | 'failed';

/** A recording that went wrong, with its code. */
export class RecordError extends Error {
  override name = 'RecordError';
  readonly code: RecordErrorCode;
  constructor(code: RecordErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A running microphone take. */
export interface Take {
  /** Ends the take; resolves the bounce made of it (a WAV file), for the beat's usual path. */
  stop(): Promise<File>;
  /** Ends the take and drops it (the microphone is released). */
  cancel(): void;
}

/** The microphone's refusals, by DOMException name. */
function startError(error: unknown): RecordError {
  const name = (error as DOMException)?.name;
  const message = (error as Error)?.message ?? String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return new RecordError('denied', message);
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return new RecordError('noDevice', message);
  return new RecordError('failed', message);
}

/**
 * Starts recording the microphone (the browser asks for permission). The raw signal is taken:
 * no echo cancellation, noise suppression or gain control, which would bend a beat's dynamics.
 * `onLimit` is called when the take reaches `maxSeconds`, for the caller to stop it.
 */
export async function startTake(onLimit: () => void, maxSeconds = MAX_TAKE_SECONDS): Promise<Take> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getUserMedia || typeof MediaRecorder === 'undefined')
    throw new RecordError('unsupported', 'this browser cannot record audio');
  let stream: MediaStream;
  try {
    stream = await media.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    throw startError(error);
  }
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream);
  } catch (error) {
    release();
    throw new RecordError('failed', (error as Error)?.message ?? String(error));
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const ended = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  recorder.start();
  const limit = setTimeout(onLimit, maxSeconds * 1000);
  const end = async () => {
    clearTimeout(limit);
    if (recorder.state !== 'inactive') recorder.stop();
    await ended;
    release();
  };
  return {
    async stop() {
      await end();
      return bounceOf(new Blob(chunks, { type: recorder.mimeType }));
    },
    cancel: () => void end(),
  };
}

/**
 * The take as a bounce: decoded, its tempo found by the same analysis a dropped file gets, cut
 * from its first sound to whole bars (beat-take.ts), written as a WAV file.
 */
async function bounceOf(recorded: Blob): Promise<File> {
  let planes: Float32Array[];
  let rate: number;
  try {
    const audio = await new OfflineAudioContext(1, 1, 48000).decodeAudioData(
      await recorded.arrayBuffer(),
    );
    rate = audio.sampleRate;
    planes = Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c));
  } catch (error) {
    throw new RecordError(
      'failed',
      `the recording cannot be decoded: ${(error as Error)?.message}`,
    );
  }
  try {
    const whole = encodeWav(planes, rate, 24);
    // Of any length and starting anywhere in a bar: its tempo from its pulse, not its length.
    const { bpm } = await analyseAudioFile(whole.buffer as ArrayBuffer, { wholeBars: false });
    const bars = cutToBars(planes, rate, bpm ?? 0);
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return new File([encodeWav(bars, rate, 24) as Uint8Array<ArrayBuffer>], `mic ${stamp}.wav`, {
      type: 'audio/wav',
    });
  } catch (error) {
    if (error instanceof TakeError) throw new RecordError('noBeat', error.message);
    throw new RecordError('failed', (error as Error)?.message ?? String(error));
  }
}
