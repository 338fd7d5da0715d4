import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** How one answer's body is held back: its first `headBytes` at once, the rest `delayMs` later. */
export interface SlowBody {
  headBytes: number;
  delayMs: number;
}

/**
 * Answers the test gateway sends slowly, by path (a real server holding bytes back, not a mock):
 * the first bytes of the body go out at once, the rest after a delay. The bench uses it to make
 * "the rest of a first play arrives late" happen on every run rather than on a loaded machine
 * (docs/AUDIO.md "Progressive playback").
 */
export class SlowBodies {
  private readonly paths = new Map<string, SlowBody>();

  /** Holds back the bodies of answers to `path` (query ignored) from now on. */
  slow(path: string, body: SlowBody): void {
    this.paths.set(path, body);
  }

  /** Sends every answer at once again. */
  clear(): void {
    this.paths.clear();
  }

  /** Installs the hook on `app` (before it listens). */
  install(app: FastifyInstance): void {
    app.addHook('onSend', async (request, _reply, payload) => {
      const rule = this.paths.get(request.url.split('?')[0]!);
      if (!rule || payload === null || payload === undefined) return payload;
      return Readable.from(held(payload as Readable | Buffer | string, rule));
    });
  }
}

/** The payload's bytes: up to `headBytes` at once, then the rest after `delayMs`. */
async function* held(
  payload: Readable | Buffer | string,
  { headBytes, delayMs }: SlowBody,
): AsyncGenerator<Buffer> {
  const chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string> =
    typeof payload === 'string' || Buffer.isBuffer(payload) ? [payload] : payload;
  let sent = 0;
  let waited = false;
  for await (const raw of chunks) {
    let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (!waited && sent + chunk.length > headBytes) {
      const head = chunk.subarray(0, Math.max(0, headBytes - sent));
      if (head.length) yield head;
      sent += head.length;
      chunk = chunk.subarray(head.length);
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    sent += chunk.length;
    if (chunk.length) yield chunk;
  }
}
