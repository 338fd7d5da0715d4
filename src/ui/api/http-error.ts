import type { ErrorCode } from '../../shared/errors.ts';

/** Why a call failed: the envelope's code/errorCode/field and the message shown to the user. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  /** HTTP status, or the envelope code when the HTTP status was 200; 0 for network failures. */
  readonly status: number;
  readonly errorCode: ErrorCode | undefined;
  /** The offending field of a 400, for inline form errors. */
  readonly field: string | undefined;
  /** Whether a toast already told the user (callers then show nothing more). */
  notified = false;

  constructor(
    message: string,
    options: { status: number; errorCode?: ErrorCode; field?: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.errorCode = options.errorCode;
    this.field = options.field;
  }
}

/** Decodes the URI-encoded x-error-message header; a malformed value is used as it is. */
export function decodeErrorHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether a value looks like our `{code, msg, data}` envelope. */
export function isEnvelope(value: unknown): value is { code: number; msg?: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof (value as { code: unknown }).code === 'number'
  );
}
