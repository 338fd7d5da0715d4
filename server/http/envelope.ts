import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGE_HEADER } from '../../src/shared/errors.ts';
import { pickLanguage, type Language } from '../../src/shared/languages.ts';
import type { ApiEnvelope } from '../../src/shared/api/envelope.ts';
import { ApiError, MESSAGES, badRequest } from './api-error.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** The success envelope `{code: 200, msg, data}`. */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: 200, msg, data };
}

/** The request's API language from Accept-Language (zh default). */
export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

/** Sends an ApiError as envelope + status + x-error-message header. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): void {
  // A message can quote the request (an unknown field's name): a lone surrogate there would make
  // encodeURIComponent throw inside the error handler, a 500.
  const msg = error.messages[languageOf(request)].replace(/\p{Cs}/gu, '\ufffd');
  const body: ApiEnvelope<null> = {
    code: error.status,
    msg,
    data: null,
    errorCode: error.errorCode,
  };
  if (error.field) body.field = error.field;
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.header(ERROR_MESSAGE_HEADER, encodeURIComponent(msg));
  // A range error already set its own content-type-free body; JSON keeps clients uniform.
  reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** Turns Fastify's own failures (schema validation, JSON, size) into ApiErrors. */
function toApiError(error: FastifyError): ApiError {
  if (error.validation && error.validation.length > 0) {
    const first = error.validation[0]!;
    const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const named = (key: string) => {
      const value = first.params[key];
      return typeof value === 'string' ? value : undefined;
    };
    const missing = named('missingProperty');
    const extra = named('additionalProperty');
    const field = missing ?? extra ?? (path || error.validationContext || 'request');
    const reason = extra ? 'unknown field' : (first.message ?? 'invalid');
    const zhReason = missing ? '必填' : extra ? '未知字段' : '格式不正确';
    return badRequest(field, zhReason, missing ? 'required' : reason);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
  if (
    error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.statusCode === 400
  ) {
    return new ApiError('BAD_REQUEST', MESSAGES.invalidJson, { field: 'body' });
  }
  if (error.statusCode === 429) return new ApiError('RATE_LIMITED', MESSAGES.rateLimited);
  return new ApiError('INTERNAL', MESSAGES.internal);
}

/**
 * Answers the router's own failures in the envelope: a path whose percent-escapes do not decode
 * (`/download/authorize/%`) and a path parameter over maxParamLength. Fastify's default wrote its
 * own JSON without x-error-message. These answers are written before routing, so no onSend hook
 * adds the security headers: they are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError('BAD_REQUEST', MESSAGES.badUrl, { field: 'url' })
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError('BAD_REQUEST', MESSAGES.urlTooLong, { field: 'url', status: 414 })
        : toApiError(error);
  reply.headers(SECURITY_HEADERS);
  sendError(request, reply, apiError);
}

/** Installs the error handler that keeps every failure in the envelope. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    sendError(request, reply, apiError);
  });
}
