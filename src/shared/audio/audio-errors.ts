/** Why an audio job failed; the UI maps each code to docs/PRODUCT.md §8's behaviour. */
const AUDIO_ERROR_CODES = [
  'ABORTED',
  'NETWORK',
  'HTTP',
  'UNKNOWN_CLIENT_KEY',
  'DECRYPT',
  'INVALID_AUDIO',
  'UNSUPPORTED_FORMAT',
  'DECODE',
  'TRUNCATED',
] as const;

/** A machine-readable audio failure. */
type AudioErrorCode = (typeof AUDIO_ERROR_CODES)[number];

/** The plain shape an audio error has after crossing a worker boundary. */
export interface AudioErrorInfo {
  code: AudioErrorCode;
  message: string;
  /** HTTP status, for HTTP and UNKNOWN_CLIENT_KEY. */
  status?: number;
}

/** A typed audio failure; `code` survives structured cloning through `toInfo`/`fromInfo`. */
export class AudioError extends Error {
  readonly code: AudioErrorCode;
  readonly status: number | undefined;
  constructor(code: AudioErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'AudioError';
    this.code = code;
    this.status = status;
  }
}

/** True when `value` carries a known audio error code (an AudioError or its cloned info). */
export function isAudioErrorInfo(value: unknown): value is AudioErrorInfo {
  return (
    typeof value === 'object' &&
    value !== null &&
    AUDIO_ERROR_CODES.includes((value as { code?: AudioErrorCode }).code as AudioErrorCode)
  );
}
