import { loadConfig } from '../../server/config.ts';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/paths.ts';
import { manualClock } from '../../server/clock.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, readOutbox } from '../testing/accounts.ts';

/** A minimal SMTP server that keeps what it receives (no TLS, no auth). */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, messages }),
    ),
  );
}

describe('sendCode over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    gateway = await startTestGateway({
      size: 'none',
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'yinku@test' },
    });
  });
  afterAll(async () => {
    await gateway.close();
    smtp.server.close();
  });

  it('sends the code mail through the configured server, not the outbox', async () => {
    const reply = await apiCall(gateway, 'POST', API.sendCode, {
      body: { email: 'smtp@test.yinku.local', appKey: 'en' },
    });
    expect(reply.status).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatch(/^To: smtp@test\.yinku\.local/m);
    expect(smtp.messages[0]).toMatch(/Your code is: \d{6}/);
    expect(readOutbox(gateway.dataDir, 'smtp@test.yinku.local')).toHaveLength(0);
  });
});

describe('sendCode when the mail server is down', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    const closed = await fakeSmtp();
    const port = String(closed.port);
    await new Promise((resolve) => closed.server.close(resolve));
    gateway = await startTestGateway({
      size: 'none',
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: port },
    });
  });
  afterAll(() => gateway.close());

  it('answers "send failed" and keeps no code, so the user may retry at once', async () => {
    const body = { email: 'down@test.yinku.local', appKey: 'zh' };
    const first = await apiCall(gateway, 'POST', API.sendCode, { body });
    expect(first.status).toBe(502);
    expect(first.errorMessage).toBe('发送失败');
    expect(await gateway.oracle.emailCodeCount()).toBe(0);
    const retry = await apiCall(gateway, 'POST', API.sendCode, { body, language: 'en' });
    expect(retry.status).toBe(502);
    expect(retry.errorMessage).toBe('Sending the e-mail failed');
  });
});

describe('sendCode throttling per client address', () => {
  it('lets one client address ask for 30 codes per 10 minutes', async () => {
    const clock = manualClock(0);
    const gateway = await startTestGateway({ size: 'none', clock });
    try {
      const send = (n: number) =>
        apiCall(gateway, 'POST', API.sendCode, {
          body: { email: `bulk-${n}@test.yinku.local`, appKey: 'zh' },
        });
      for (let n = 0; n < 30; n++) expect((await send(n)).status).toBe(200);
      const blocked = await send(30);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('600');
      expect(readOutbox(gateway.dataDir, 'bulk-30@test.yinku.local')).toHaveLength(0);
      clock.advance(10 * 60 * 1000);
      expect((await send(30)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('counts per forwarded client address behind a proxy YINKU_TRUST_PROXY names, else per socket', async () => {
    expect(() => loadConfig({ YINKU_TRUST_PROXY: 'nginx' })).toThrow(/YINKU_TRUST_PROXY/);
    expect(loadConfig({ YINKU_TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    for (const trusted of [true, false]) {
      const gateway = await startTestGateway({
        size: 'none',
        clock: manualClock(0),
        env: {
          YINKU_CODE_SENDS_PER_ADDRESS: '2',
          ...(trusted ? { YINKU_TRUST_PROXY: '127.0.0.1' } : {}),
        },
      });
      try {
        const send = (n: number, client: string) =>
          fetch(`${gateway.url}${API.sendCode}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
            body: JSON.stringify({ email: `proxied-${n}@test.yinku.local`, appKey: 'zh' }),
          });
        for (let n = 0; n < 2; n++) expect((await send(n, '203.0.113.7')).status).toBe(200);
        expect((await send(2, '203.0.113.7')).status).toBe(429);
        // Another client behind the same proxy has its own count only when the proxy is trusted.
        expect((await send(3, '198.51.100.9')).status).toBe(trusted ? 200 : 429);
      } finally {
        await gateway.close();
      }
    }
  });

  it('takes another limit per address from YINKU_CODE_SENDS_PER_ADDRESS, and refuses a bad one', async () => {
    expect(() => loadConfig({ YINKU_CODE_SENDS_PER_ADDRESS: '0' })).toThrow(
      /YINKU_CODE_SENDS_PER_ADDRESS/,
    );
    expect(() => loadConfig({ YINKU_CODE_SENDS_PER_ADDRESS: 'many' })).toThrow(
      /YINKU_CODE_SENDS_PER_ADDRESS/,
    );
    const gateway = await startTestGateway({
      size: 'none',
      clock: manualClock(0),
      env: { YINKU_CODE_SENDS_PER_ADDRESS: '3' },
    });
    try {
      const send = (n: number) =>
        apiCall(gateway, 'POST', API.sendCode, {
          body: { email: `few-${n}@test.yinku.local`, appKey: 'zh' },
        });
      for (let n = 0; n < 3; n++) expect((await send(n)).status).toBe(200);
      expect((await send(3)).status).toBe(429);
    } finally {
      await gateway.close();
    }
  });
});
