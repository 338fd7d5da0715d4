import fc from 'fast-check';
import { BOUNDARY_NUMBERS } from '../../../src/testing/hostile-strings.ts';
import { hostileString } from './hostile.ts';

/** The part of a JSON schema the generators read (the routes' own Ajv schemas). */
export interface Schema {
  type?: string | string[];
  enum?: readonly unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: readonly string[];
}

/** JSON text spliced verbatim into a body: numbers JSON.stringify cannot write (1e309, -0). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A JSON value that may hold RawJson tokens. */
export type FuzzJson = RawJson | null | boolean | number | string | FuzzJson[] | FuzzObject;
interface FuzzObject {
  [key: string]: FuzzJson;
}

/** Writes a FuzzJson as JSON text, RawJson tokens as they are. */
export function writeJson(value: FuzzJson): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${writeJson(item)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const typeOf = (schema: Schema): string =>
  (Array.isArray(schema.type) ? schema.type[0] : schema.type) ??
  (schema.properties ? 'object' : 'string');

/** A value the schema accepts (strings kept short so shrunk cases stay readable). */
function validValue(schema: Schema): fc.Arbitrary<FuzzJson> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as FuzzJson[]));
  switch (typeOf(schema)) {
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1000, 1e6),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      // At most 4 items, unless the schema needs more (an embedding is exactly 64 numbers).
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectOf(schema, false);
    default:
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 20, 20),
      });
  }
}

/** A value of the wrong type, a boundary number, or a hostile string. */
function hostileValue(): fc.Arbitrary<FuzzJson> {
  return fc.oneof(
    { weight: 8, arbitrary: hostileString() },
    { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS).map((text) => new RawJson(text)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<FuzzJson>(null, true, false, [], {}, [1, 2], { a: 1 }, -1, 0),
    },
    { weight: 1, arbitrary: fc.constant(new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`)) },
  );
}

/** A value for a field: hostile with odds `hostile` in 1 (else one the schema accepts). */
export function fuzzValue(schema: Schema, hostile = 0.5): fc.Arbitrary<FuzzJson> {
  const weight = Math.round(hostile * 100);
  return fc.oneof(
    { weight: 100 - weight, arbitrary: validValue(schema) },
    { weight, arbitrary: hostileValue() },
  );
}

/** Names of fields no schema declares: prototype keys, empty, hostile. */
export function unknownKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', 'q', 'id', 'page[]'),
    hostileString().map((text) => text.slice(0, 64)),
  );
}

/**
 * The fields of an object schema: each declared one omitted or present (required ones more
 * often), plus sometimes fields the schema does not declare. With `hostile`, one field drawn
 * at random is the focus and is mostly hostile, the others rarely: one bad field per request
 * gets past the others' validation to the code behind it, where many would all stop at a 400.
 */
export function objectOf(schema: Schema, hostile = true): fc.Arbitrary<FuzzObject> {
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  const fields = (focus: number) =>
    fc.tuple(
      ...properties.map(([name, sub], index) => {
        const value = hostile ? fuzzValue(sub, index === focus ? 0.9 : 0.03) : validValue(sub);
        const present = required.has(name) || index === focus ? 11 : 1;
        return fc
          .oneof(
            { weight: present, arbitrary: value },
            { weight: 3, arbitrary: fc.constant(undefined) },
          )
          .map((item) => [name, item] as const);
      }),
    );
  // Free text (no enum, pattern or format) reaches the most code: it is the focus more often.
  const freeText = (sub: Schema) =>
    typeOf(sub) === 'string' && !sub.enum && !sub.pattern && !sub.format ? 3 : 1;
  const declared =
    properties.length > 0
      ? fc
          .oneof(
            ...properties.map(([, sub], index) => ({
              weight: freeText(sub),
              arbitrary: fc.constant(index),
            })),
          )
          .chain(fields)
      : fc.constant([]);
  const extra = hostile
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant([]) },
        fc.array(fc.tuple(unknownKey(), hostileValue()), { minLength: 1, maxLength: 2 }),
      )
    : fc.constant([]);
  return fc.tuple(declared, extra).map(([values, extras]) => {
    const object: FuzzObject = {};
    for (const [name, value] of values) if (value !== undefined) object[name] = value;
    // defineProperty: a "__proto__" key must be a field of its own, as a client could send it.
    for (const [name, value] of extras)
      Object.defineProperty(object, name, { value, enumerable: true, writable: true });
    return object;
  });
}
