import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_MESSAGE_HEADER } from '../../src/shared/errors.ts';
import { pickLanguage } from '../../src/shared/languages.ts';
import { MESSAGES, type Message } from './api-error.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** The security headers as raw header lines (this answer bypasses Fastify). */
const SECURITY_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** A request line whose method's answer carries a body (every one of ours but HEAD). */
const BODY_METHOD = /^(GET|POST|PUT|PATCH|DELETE|OPTIONS) /;

/** What Node's HTTP parser reports when it cannot read a request (rawPacket: a Buffer). */
interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * Answers a request Node could not parse (headers or URL over 16 KB, broken framing, timeout)
 * in the envelope with `x-error-message`, like every other failure; Fastify's default wrote
 * its own JSON without the header. The headers were never parsed, so the language is read from
 * the raw bytes when they hold it (zh otherwise); only a request whose method is seen gets a body. It carries
 * the security headers too: no onSend hook runs for it.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, messages]: [number, Message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.malformedRequest];
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const language = pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
  const msg = messages[language];
  // The envelope's body only when the bytes name a method that takes one. `rawPacket` is the chunk
  // being parsed when the error came, not the request's start: a request that arrived in several
  // reads (a loaded machine, a long URL) shows only its tail, and a HEAD answered with a body
  // breaks the client's parser ("Data after Connection: close"). Unknown → no body; the message
  // is in x-error-message either way.
  const body = BODY_METHOD.test(raw)
    ? JSON.stringify({ code: status, msg, data: null, errorCode: 'BAD_REQUEST' })
    : '';
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `${ERROR_MESSAGE_HEADER}: ${encodeURIComponent(msg)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        SECURITY_LINES +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
