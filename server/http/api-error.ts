import { ERROR_STATUS, type ErrorCode } from '../../src/shared/errors.ts';
import type { Language } from '../../src/shared/languages.ts';

/** A message in both API languages. */
export type Message = Readonly<Record<Language, string>>;

/** An error the gateway answers with its envelope, status and x-error-message header. */
export class ApiError extends Error {
  readonly errorCode: ErrorCode;
  readonly status: number;
  readonly messages: Message;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    errorCode: ErrorCode,
    messages: Message,
    options: { field?: string; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(messages.en);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = options.status ?? ERROR_STATUS[errorCode];
    this.messages = messages;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

/** Messages shared by every area; area-specific ones live beside their routes. */
export const MESSAGES = {
  internal: { zh: '服务器内部错误', en: 'Internal server error' },
  notFound: { zh: '资源不存在', en: 'Not found' },
  routeNotFound: { zh: '接口不存在', en: 'No such API route' },
  unauthorized: { zh: '未登录', en: 'Not signed in' },
  tokenExpired: {
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
  },
  tokenInvalid: { zh: '登录凭证无效', en: 'Invalid credentials token' },
  sessionEnded: {
    zh: '登录已失效，请重新登录',
    en: 'This session has ended; please sign in again',
  },
  forbidden: { zh: '没有权限', en: 'Forbidden' },
  payloadTooLarge: { zh: '请求体过大', en: 'Request body too large' },
  rateLimited: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  invalidJson: { zh: '请求体不是有效的 JSON', en: 'Request body is not valid JSON' },
  headersTooLarge: { zh: '请求头或网址过长', en: 'Request headers or URL too long' },
  requestTimeout: { zh: '请求超时', en: 'Request timed out' },
  malformedRequest: { zh: '请求格式不正确', en: 'Malformed HTTP request' },
  badUrl: { zh: '网址编码无效', en: 'The URL is not validly percent-encoded' },
  urlTooLong: { zh: '网址参数过长', en: 'A URL parameter is too long' },
} as const satisfies Record<string, Message>;

/**
 * An area's messages, each in both API languages: one table per area (account-messages.ts,
 * admin-rules.ts), every entry checked to be a Message and kept literal.
 */
export const messageTable = <const T extends Record<string, Message>>(table: T): T => table;

/** The message of an invalid field, worded as every 400 that names one. */
export const invalidField = (field: string, zhReason: string, enReason: string): Message => ({
  zh: `参数 ${field} 无效：${zhReason}`,
  en: `Invalid ${field}: ${enReason}`,
});

/** A 400 naming the offending field, in both languages. */
export function badRequest(field: string, zhReason: string, enReason: string): ApiError {
  return new ApiError('BAD_REQUEST', invalidField(field, zhReason, enReason), { field });
}
