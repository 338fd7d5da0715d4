import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { chooseLogFormat, formatLogRecord, type LogFormat } from './logging.ts';

describe('chooseLogFormat', () => {
  it('is readable at a terminal and JSON otherwise', () => {
    expect(chooseLogFormat({}, true)).toBe('pretty');
    expect(chooseLogFormat({}, false)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: '' }, true)).toBe('pretty');
  });

  it('LOG_FORMAT wins either way, and a bad value is a clear error', () => {
    expect(chooseLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: ' JSON ' }, true)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => chooseLogFormat({ LOG_FORMAT: 'xml' }, true)).toThrow(
      'LOG_FORMAT must be one of pretty, json, got xml',
    );
  });
});

describe('formatLogRecord', () => {
  const time = new Date(2026, 0, 2, 3, 4, 5).getTime();

  it('writes time, level and message, and extra fields as key=value', () => {
    expect(
      formatLogRecord({ level: 30, time, pid: 1, hostname: 'h', msg: 'mail code', code: '123' }),
    ).toBe('03:04:05 INFO  mail code code="123"\n');
  });

  it('names the request and the error, with the stack for errors only', () => {
    const err = { message: 'boom', stack: 'Error: boom\n    at a.ts:1' };
    expect(
      formatLogRecord({
        level: 50,
        time,
        msg: 'request failed',
        req: { method: 'GET', url: '/x' },
        err,
      }),
    ).toBe('03:04:05 ERROR request failed (GET /x): boom\n    at a.ts:1\n');
    expect(formatLogRecord({ level: 40, time, msg: 'odd key', err })).toBe(
      '03:04:05 WARN  odd key: boom\n',
    );
  });
});

describe('the gateway log', () => {
  let ctx: AppContext | undefined;
  let dir = '';
  afterEach(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(format: LogFormat): Promise<string[]> {
    dir = mkdtempSync(join(tmpdir(), 'yinku-log-'));
    ctx = await createContext({ ...loadConfig({}), dataDir: dir, librarySize: 'none', port: 0 });
    const lines: string[] = [];
    const app = await createApp(ctx, { logger: { format, out: { write: (t) => lines.push(t) } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.inject({ url: '/api/v4/users/test-connection' });
    await app.inject({ url: '/api/v2/no-such-route' });
    app.log.warn('disk almost full');
    await app.close();
    return lines.join('').split('\n').filter(Boolean);
  }

  it('at a terminal: no line per request, warnings readable', async () => {
    const lines = await run('pretty');
    expect(lines.some((line) => line.includes('test-connection'))).toBe(false);
    expect(lines.some((line) => /^\d\d:\d\d:\d\d WARN {2}disk almost full$/.test(line))).toBe(true);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
    // The gateway's own start line gives the URL; Fastify's per-address lines are left out.
    expect(lines.some((line) => line.includes('Server listening'))).toBe(false);
  });

  it('as JSON: every request is a JSON line', async () => {
    const records = (await run('json')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.filter((r) => r.msg === 'request completed')).toHaveLength(2);
    expect(records.some((r) => r.msg === 'disk almost full' && r.level === 40)).toBe(true);
    expect(records.some((r) => String(r.msg).startsWith('Server listening'))).toBe(true);
  });
});
