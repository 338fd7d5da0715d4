import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../server/http/security-headers.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';

let gw: TestGateway;
gatewayPerFile({ size: 'tiny' }, (started) => (gw = started));

/** Sends a raw request and resolves with status, headers and body text. */
function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(gw.url);
  return new Promise<{
    status: number;
    message: string;
    body: string;
    headers: Record<string, unknown>;
  }>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          message: decodeURIComponent(String(res.headers['x-error-message'] ?? '')),
          body,
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// Found by the HTTP fuzzer: a URL over Node's 16 KB header limit got Fastify's own 431 JSON,
// without x-error-message; on HEAD its body broke the client's framing.
describe('requests Node cannot parse', () => {
  it('answers a URL over 16 KB with a 431 in the envelope, in the language when readable', async () => {
    const path = `/api/v2/tt-audios/search-resource?keyword=${'x'.repeat(100_000)}`;
    const zh = await raw('GET', path);
    expect(zh.status).toBe(431);
    expect(zh.message).toBe('请求头或网址过长');
    expect(JSON.parse(zh.body)).toMatchObject({ code: 431, msg: zh.message });
    const head = await raw('HEAD', path, { 'accept-language': 'en' });
    expect([head.status, head.body]).toEqual([431, '']);
    const en = await raw('GET', '/api/v2/products', {
      'accept-language': 'en',
      'x-pad': 'p'.repeat(20_000),
    });
    expect([en.status, en.message]).toEqual([431, 'Request headers or URL too long']);
    for (const answer of [zh, head, en]) expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  });
});

// Found by the HTTP fuzzer: the router's own 400 (a broken percent-escape in the path) and 414
// (a path parameter over 500 characters) came without x-error-message.
describe('paths the router cannot read', () => {
  it('answers a broken percent-escape and an over-long parameter in the envelope', async () => {
    const bad = await raw('GET', '/api/v2/download/authorize/%', { 'accept-language': 'en' });
    expect([bad.status, bad.message]).toEqual([400, 'The URL is not validly percent-encoded']);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 400, field: 'url' });
    const long = await raw('GET', `/api/v2/packs/${'a'.repeat(600)}`);
    expect([long.status, long.message]).toEqual([414, '网址参数过长']);
    // A truncated UTF-8 escape (the case the hostile review found without security headers).
    const cut = await raw('GET', '/api/v2/tt-audios/%E0%A4%A');
    expect(cut.status).toBe(400);
    // Written before routing, so no onSend hook ran: the headers are set by the answer itself.
    for (const answer of [bad, long, cut]) expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  });
});

// Found by the HTTP fuzzer: an unknown field named with a lone surrogate went into the error
// message, and encodeURIComponent threw on it inside the error handler: "URI malformed", a 500.
describe('error messages quoting the request', () => {
  it('answers an unknown field with a lone surrogate in its name with a 400', async () => {
    const response = await fetch(`${gw.url}/api/v4/users/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: `{"email":"a@b.cn","code":"123456","password":"${'0'.repeat(64)}","\\ud800":1}`,
    });
    expect(response.status).toBe(400);
    const message = decodeURIComponent(response.headers.get('x-error-message') ?? '');
    expect(message).toBe('Invalid \ufffd: unknown field');
    expect(((await response.json()) as { msg: string }).msg).toBe(message);
  });
});
