/** Error codes the gateway and client share; each maps to one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The play call named a client key the gateway does not know: re-register once. */
  UNKNOWN_CLIENT_KEY: 409,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  QUOTA_EXCEEDED: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

/** A machine-readable error code carried in the envelope's `errorCode`. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Header carrying the URI-encoded error message (docs/PRODUCT.md §8). */
export const ERROR_MESSAGE_HEADER = 'x-error-message';
