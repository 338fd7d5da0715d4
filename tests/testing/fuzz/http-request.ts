import fc from 'fast-check';
import {
  RawJson,
  fuzzValue,
  objectOf,
  writeJson,
  type FuzzJson,
  type Schema,
} from './http-arbitraries.ts';
import { hostileString } from './hostile.ts';

/** A route as the app registered it (from an onRoute hook). */
export interface FuzzRoute {
  method: string;
  url: string;
  schema?: {
    params?: Schema;
    querystring?: Schema;
    body?: Schema;
    /** Response schemas by status: the fuzzer checks each 200 answer against `200`. */
    response?: Record<string, object>;
  };
}

/** One generated request: the raw path (with query), headers and body text. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The route's response schema of a 200, which its success answers must match. */
  response?: object;
}

/** Percent-escapes that are not valid UTF-8 or not escapes at all, spliced in verbatim. */
const RAW_ESCAPES = [
  '%',
  '%Z',
  '%ZZ',
  '%C3%28',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%E4%B8',
  '%25',
  '+',
];

/**
 * Percent-encodes text as UTF-8, keeping unreserved ASCII; a lone surrogate becomes its
 * three-byte (invalid UTF-8) form, which encodeURIComponent would refuse to write.
 */
function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: written byte by byte below.
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const pair = unit >= 0xd800 && unit < 0xdc00 && next >= 0xdc00 && next < 0xe000;
    const char = pair ? text.slice(i, i + 2) : text[i]!;
    if (pair) i++;
    if (/^[A-Za-z0-9\-._~]$/.test(char)) out += char;
    else if (unit >= 0xd800 && unit < 0xe000 && !pair)
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    else
      out += [...Buffer.from(char, 'utf8')]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
  }
  return out;
}

const asText = (value: FuzzJson): string =>
  value instanceof RawJson ? value.text : typeof value === 'string' ? value : JSON.stringify(value);

/** A value as it goes into a URL: encoded text, sometimes with a raw broken escape added. */
function urlValue(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fuzzValue(schema).map((value) => encodeText(asText(value))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileString(), fc.constantFrom(...RAW_ESCAPES))
        .map(([text, raw]) => encodeText(text.slice(0, 20)) + raw),
    },
  );
}

/** The query string: declared fields (arrays repeat the key, sometimes as `key[]`), unknown ones. */
function queryString(schema: Schema | undefined): fc.Arbitrary<string> {
  return fc
    .tuple(
      objectOf(schema ?? {}),
      fc.constantFrom('', '', '', '[]'),
      // Now and then a broken escape at the end of the last value (fc.option: 1 in freq is nil).
      fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, fc.constantFrom(...RAW_ESCAPES)),
    )
    .map(([fields, suffix, raw]) => {
      const pairs = Object.entries(fields).flatMap(([key, value]) => {
        const values = Array.isArray(value) ? value : [value];
        const name = encodeText(key) + (Array.isArray(value) ? suffix : '');
        return values.map((item) => `${name}=${encodeText(asText(item))}`);
      });
      if (raw !== null) pairs.push(`${pairs.pop() ?? 'x='}${raw}`);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
}

/** The path with every `:param` replaced by a generated (often hostile) value. */
function pathOf(route: FuzzRoute): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((segment) => {
    if (!segment.startsWith(':')) return fc.constant(segment);
    const schema = route.schema?.params?.properties?.[segment.slice(1)] ?? {};
    return urlValue(schema);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  '*/*',
];
const NOT_JSON = ['', '{', '{"a":', 'null', '[]', '"x"', '1e309', 'NaN', '\0', '{"a":1}{"b":2}'];
const PROTOTYPE_BODIES = ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}'];

/** A body: a schema-shaped JSON object, JSON under a wrong content type, or not JSON at all. */
function bodyOf(schema: Schema | undefined): fc.Arbitrary<{ type?: string; body: string }> {
  const json = objectOf(schema ?? {}).map(writeJson);
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ type: fc.constantFrom(...JSON_TYPES), body: json }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(...WRONG_TYPES), body: json }) },
    { weight: 1, arbitrary: json.map((body) => ({ body })) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constantFrom(...JSON_TYPES),
        body: fc.oneof(fc.constantFrom(...NOT_JSON, ...PROTOTYPE_BODIES), hostileString()),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ type: JSON_TYPES[0], body: `"${'x'.repeat(1_100_000)}"` }),
    },
  );
}

const LANGUAGES = ['zh', 'en', 'en-US,en;q=0.9', 'zh-CN', 'fr', '*', 'en;q=0', 'en;q=NaN', ''];
const RANGES = [
  'bytes=0-',
  'bytes=-1',
  'bytes=5-1',
  'bytes=9007199254740992-',
  'bytes=1e309-',
  'bytes=0-0,1-1',
  'items=0-1',
];

/** Requests for one route: its method, a fuzzed path, query, headers and (unless GET/HEAD) body. */
function requestFor(route: FuzzRoute, tokens: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc
    .record({
      path: pathOf(route),
      query: queryString(route.schema?.querystring),
      language: fc.option(
        fc.oneof(fc.constantFrom(...LANGUAGES), fc.string({ unit: 'binary-ascii', maxLength: 20 })),
      ),
      token: fc.option(fc.constantFrom(...tokens), { freq: 3 }),
      range: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.constantFrom(...RANGES)),
      body: hasBody ? fc.option(bodyOf(route.schema?.body), { freq: 8 }) : fc.constant(null),
    })
    .map(({ path, query, language, token, range, body }) => {
      const headers: Record<string, string> = {};
      // Header values must be printable ASCII or Node's client refuses to send them.
      if (language !== null) headers['accept-language'] = language.replace(/[^\x20-\x7e]/g, '');
      if (token !== null) headers.authorization = token;
      if (range !== null && route.method === 'GET') headers.range = range;
      if (body?.type !== undefined) headers['content-type'] = body.type;
      const response = route.schema?.response?.['200'];
      return { method: route.method, path: path + query, headers, body: body?.body, response };
    });
}

/**
 * A request for any of the routes, each weighted by its number of fields (so every field is
 * fuzzed about as often as any other); a HEAD route, GET's twin, counts as one.
 */
export function anyRequest(
  routes: readonly FuzzRoute[],
  tokens: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const fieldsOf = (schema: Schema | undefined) => Object.keys(schema?.properties ?? {}).length;
  return fc.oneof(
    ...routes.map((route) => ({
      weight:
        route.method === 'HEAD'
          ? 1
          : 1 +
            fieldsOf(route.schema?.params) +
            fieldsOf(route.schema?.querystring) +
            fieldsOf(route.schema?.body),
      arbitrary: requestFor(route, tokens),
    })),
  );
}
