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

/** What Node's HTTP parser reports when it cannot read a request (rawPacket: a Buffer). */
interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * Answers a request Node could not parse (headers or URL over 16 KB, broken framing, timeout)
 * in the envelope with `x-error-message`, like every other failure; Fastify's default wrote
 * its own JSON without the header. The headers were never parsed, so the language is read from
 * the raw bytes when they hold it (zh otherwise), and a HEAD request gets no body. It carries
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
  const body = raw.startsWith('HEAD ')
    ? ''
    : JSON.stringify({ code: status, msg, data: null, errorCode: 'BAD_REQUEST' });
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
