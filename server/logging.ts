import { LogController, type FastifyServerOptions } from 'fastify';

/** How the gateway writes its log: readable lines for a person, JSON lines for machines. */
export type LogFormat = 'pretty' | 'json';

/** Values LOG_FORMAT accepts. */
const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/**
 * The log format: LOG_FORMAT when set (`json` or `pretty`), else readable lines when the output
 * is a terminal and JSON lines when it is not (a file, a pipe, a log collector).
 */
export function chooseLogFormat(env: NodeJS.ProcessEnv, isTTY: boolean): LogFormat {
  const wanted = env.LOG_FORMAT?.trim().toLowerCase();
  if (wanted === undefined || wanted === '') return isTTY ? 'pretty' : 'json';
  if ((LOG_FORMATS as readonly string[]).includes(wanted)) return wanted as LogFormat;
  throw new Error(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got ${env.LOG_FORMAT}`);
}

/** pino's level numbers and the names a reader sees. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Record fields that are pino's bookkeeping, not something a reader needs on the line. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'req', 'res']);

const two = (n: number) => String(n).padStart(2, '0');

// The parts of pino's serialised `req` and `err` a line shows.
interface LoggedRequest {
  method?: string;
  url?: string;
}
interface LoggedError {
  message?: string;
  stack?: string;
}

/** One readable line (plus the stack of an error) from a pino JSON record. */
export function formatLogRecord(record: Record<string, unknown>): string {
  const at = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const clock = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const level = LEVELS[Number(record.level)] ?? String(record.level);
  const parts = [`${clock} ${level.padEnd(5)}`, String(record.msg ?? '')];
  const request = record.req as LoggedRequest | undefined;
  if (request?.method) parts.push(`(${request.method} ${request.url ?? ''})`);
  const extra = Object.entries(record).filter(([key]) => !HIDDEN.has(key));
  if (extra.length > 0)
    parts.push(extra.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(' '));
  const err = record.err as LoggedError | undefined;
  let line = parts.filter(Boolean).join(' ');
  if (err?.message) line += `: ${err.message}`;
  // A server error keeps its stack: it is what someone fixing it needs.
  if (err?.stack && Number(record.level) >= 50)
    line += `\n${err.stack.split('\n').slice(1).join('\n')}`;
  return `${line}\n`;
}

/** Fastify's own line per listening address: the gateway's start line says the URL once. */
const LISTENING = /^Server listening at /;

/** A stream pino writes JSON lines to, which writes readable lines to `out`. */
function prettyStream(out: { write(text: string): unknown }) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (!json.trim()) continue;
        try {
          const record = JSON.parse(json) as Record<string, unknown>;
          if (Number(record.level) <= 30 && LISTENING.test(String(record.msg))) continue;
          out.write(formatLogRecord(record));
        } catch {
          out.write(`${json}\n`);
        }
      }
    },
  };
}

/** Where log lines go: a writable with an optional `isTTY` (process.stdout in production). */
export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Fastify's logging options for a format: JSON keeps pino's line per request (what a collector
 * wants); pretty drops the per-request lines and keeps messages, warnings and errors readable.
 */
export function loggingOptions(
  format: LogFormat,
  level: string,
  out: LogOutput,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json') return { logger: { level, stream: out } };
  // Server errors are still logged by the envelope's error handler (http/envelope.ts).
  return {
    logger: { level, stream: prettyStream(out) },
    logController: new LogController({ disableRequestLogging: true }),
  };
}
