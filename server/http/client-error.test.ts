import { describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { answerClientError } from './client-error.ts';

/** A socket that keeps what is written to it. */
function socketSpy() {
  const written: string[] = [];
  const socket = {
    destroyed: false,
    writable: true,
    write: (chunk: string) => void written.push(chunk),
    destroy: () => {},
  } as unknown as Socket;
  return { socket, answer: () => written.join('') };
}

/** Node's parser error for a request whose headers overflowed, with the chunk it was parsing. */
const overflow = (rawPacket: string) =>
  Object.assign(new Error('Header overflow'), {
    code: 'HPE_HEADER_OVERFLOW',
    rawPacket: Buffer.from(rawPacket, 'latin1'),
  });

describe('answers to requests Node could not parse', () => {
  it('gives a GET the envelope as its body', () => {
    const { socket, answer } = socketSpy();
    answerClientError(overflow(`GET /api/v2/songs?keyword=${'x'.repeat(64)}`), socket);
    expect(answer()).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer()).toMatch(/\r\n\r\n\{"code":431,/);
  });

  it('gives a HEAD no body', () => {
    const { socket, answer } = socketSpy();
    answerClientError(overflow(`HEAD /api/v2/songs?keyword=${'x'.repeat(64)}`), socket);
    expect(answer()).toMatch(/Content-Length: 0\r\nConnection: close\r\n\r\n$/);
  });

  it('gives no body when the chunk shows only the tail of the request (its method unknown)', () => {
    // A request read in several chunks: the parser reports the last one, which may be a HEAD's.
    const { socket, answer } = socketSpy();
    answerClientError(overflow(`${'x'.repeat(64)} HTTP/1.1\r\nHost: a\r\n`), socket);
    expect(answer()).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer()).toMatch(/Content-Length: 0\r\nConnection: close\r\n\r\n$/);
  });
});
