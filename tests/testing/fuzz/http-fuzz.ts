import { Agent, request as httpRequest } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { pickLanguage } from '../../../src/shared/languages.ts';
import { ERROR_MESSAGE_HEADER } from '../../../src/shared/errors.ts';
import { SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
import { anyRequest, type FuzzRequest, type FuzzRoute } from './http-request.ts';

/** How long one request may take before the property fails. */
const REQUEST_BUDGET_MS = 2000;

/** What came back for one fuzz request. */
interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends a request byte for byte as generated (no URL normalisation, unlike fetch). */
export function send(base: string, fuzz: FuzzRequest): Promise<FuzzResponse> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        agent,
        hostname,
        port,
        method: fuzz.method,
        path: fuzz.path,
        headers: fuzz.headers,
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(fuzz.body);
  });
}

/** A request as a reader would retype it: method, path, headers, the start of the body. */
function describeRequest(fuzz: FuzzRequest): string {
  const body = fuzz.body === undefined ? '' : `\n${JSON.stringify(fuzz.body.slice(0, 300))}`;
  const more = fuzz.body && fuzz.body.length > 300 ? ` … (${fuzz.body.length} chars)` : '';
  return `${fuzz.method} ${fuzz.path.slice(0, 500)}\n${JSON.stringify(fuzz.headers)}${body}${more}`;
}

const CJK = /^[\u3000-\u9fff\uff00-\uffef]/u;

// The routes' response schemas, compiled once each: Fastify ships ajv and so do we.
const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new WeakMap<object, ValidateFunction>();

/** Why a 200 JSON answer does not match its route's response schema, or null when it does. */
export function responseMismatch(schema: object, body: string): string | null {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return 'a success body that is not JSON';
  }
  return validate(answer) ? null : ajv.errorsText(validate.errors);
}

/**
 * Throws unless the answer carries every security header and is a success or a 4xx in the
 * envelope, in the request's language, in time.
 */
function checkAnswer(fuzz: FuzzRequest, answer: FuzzResponse): void {
  const fail = (why: string) => {
    throw new Error(
      `${why}\n  status ${answer.status}, ${Math.round(answer.ms)} ms, body ${answer.body.slice(0, 300)}\n  request ${describeRequest(fuzz)}`,
    );
  };
  if (answer.ms > REQUEST_BUDGET_MS) fail(`over ${REQUEST_BUDGET_MS} ms`);
  if (answer.status >= 500) fail('a 5xx');
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (answer.headers[name] !== value) fail(`a ${answer.status} without ${name}: ${value}`);
  if (answer.status === 200 && fuzz.response && fuzz.method !== 'HEAD') {
    const mismatch = responseMismatch(fuzz.response, answer.body);
    if (mismatch) fail(`a 200 that does not match its response schema: ${mismatch}`);
  }
  if (answer.status < 400) return;
  const header = answer.headers[ERROR_MESSAGE_HEADER];
  if (typeof header !== 'string' || header === '')
    return fail(`a ${answer.status} without ${ERROR_MESSAGE_HEADER}`);
  const message = decodeURIComponent(header);
  const language = pickLanguage(fuzz.headers['accept-language']);
  const zh = CJK.test(message);
  const english = /^[A-Za-z]/.test(message);
  // A 431's headers may be cut off unread: the default language (zh) is right there too.
  const inLanguage = answer.status === 431 ? zh || english : language === 'zh' ? zh : english;
  if (!inLanguage) fail(`error message not in ${language}: ${message}`);
  // Node's parse-error answer (Connection: close) has a body only when the chunk Node reports
  // shows the request's method: a long request read in several chunks shows only its tail, and
  // a HEAD must get no body (server/http/client-error.ts). The header carries the message.
  const unparsed = answer.headers.connection === 'close' && answer.body === '';
  if (fuzz.method !== 'HEAD' && !unparsed) {
    let envelope: { code?: number; msg?: string };
    try {
      envelope = JSON.parse(answer.body) as typeof envelope;
    } catch {
      return fail('an error body that is not the JSON envelope');
    }
    if (envelope.code !== answer.status || envelope.msg !== message)
      fail('envelope code/msg differ from the status and header');
  }
}

/** Options of one fuzz run against a listening gateway. */
interface HttpFuzzOptions {
  url: string;
  routes: readonly FuzzRoute[];
  /** Authorization header values: valid, expired, foreign-signed, garbage. */
  tokens: readonly string[];
  numRuns: number;
  seed: number;
}

/** Runs the property over `numRuns` generated requests; the fast-check details, never throws. */
export function runHttpFuzz(options: HttpFuzzOptions): Promise<fc.RunDetails<[FuzzRequest]>> {
  const property = fc.asyncProperty(anyRequest(options.routes, options.tokens), async (fuzz) => {
    checkAnswer(fuzz, await send(options.url, fuzz));
  });
  return fc.check(property, {
    numRuns: options.numRuns,
    seed: options.seed,
    endOnFailure: false,
  });
}

/** The report of a failed run: seed, replay path, shrunk request and the first error. */
export function failureReport(details: fc.RunDetails<[FuzzRequest]>): string {
  if (!details.failed || !details.counterexample) return 'no failure';
  const [fuzz] = details.counterexample;
  return [
    `fuzz case failed after ${details.numRuns} cases, ${details.numShrinks} shrinks`,
    `seed ${details.seed}, path ${details.counterexamplePath} (replay: FUZZ_SEED=${details.seed})`,
    `shrunk request:\n${describeRequest(fuzz)}`,
    `error: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
  ].join('\n');
}
