import { expect } from 'vitest';
import { AudioError } from '../shared/audio/audio-errors.ts';

/** Test helper: awaits `promise`, expects it to reject with an AudioError and returns that error. */
export async function expectAudioError(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioError);
  return error as AudioError;
}
