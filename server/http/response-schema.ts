import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

// Response schemas (docs/API.md#typed-routes). Fastify serialises an answer by its schema and
// DROPS every property the schema does not name, so each schema here is checked against the
// shared answer type of src/shared/api in both directions (`SameShape`), and API tests run
// with a check that the serialised answer equals the handler's object (response-check.ts).

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Every property path of T (`audioData.kind`), through arrays and unions, optional ones too. */
type Paths<T> = T extends readonly (infer E)[]
  ? Paths<E>
  : T extends object
    ? { [K in keyof T & string]-?: K | `${K}.${Paths<NonNullable<T[K]>>}` }[keyof T & string]
    : never;

/**
 * Compiles only when the schema's type is the shared type: `SameShape<typeof schema, Sample>`
 * as an exported type next to the schema is the proof that no property is missing or extra.
 * The paths are compared too: mutual assignability alone lets an optional property be missing.
 */
export type SameShape<S extends JSONSchema, T> =
  Same<FromSchema<S>, T> extends true
    ? Same<Paths<FromSchema<S>>, Paths<T>> extends true
      ? true
      : { paths: Paths<FromSchema<S>>; shared: Paths<T> }
    : { schema: FromSchema<S>; shared: T };

/** Fails to compile unless its argument is `true` (used with SameShape). */
export type Assert<T extends true> = T;

/** A string schema. */
export const text = { type: 'string' } as const;
/** An integer schema. */
export const integer = { type: 'integer' } as const;
/** A number schema. */
export const number = { type: 'number' } as const;
/** A boolean schema. */
export const boolean = { type: 'boolean' } as const;
/** An integer or null (quotas: null is unlimited). */
export const integerOrNull = { type: ['integer', 'null'] } as const;
/** A string or null. */
export const textOrNull = { type: ['string', 'null'] } as const;
/** A list of strings. */
export const texts = { type: 'array', items: text } as const;
/** A list of integers. */
export const integers = { type: 'array', items: integer } as const;

/**
 * An object answer with exactly `properties`: each required unless named in `optional`, no
 * other property (so a property the schema forgets fails the shape check, not the client).
 */
export function object<
  const P extends Record<string, JSONSchema>,
  const O extends readonly (keyof P & string)[] = [],
>(properties: P, optional?: O) {
  const skip: readonly string[] = optional ?? [];
  const required = Object.keys(properties).filter((key) => !skip.includes(key)) as Exclude<
    keyof P & string,
    O[number]
  >[];
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** A list of `items`. */
export function arrayOf<const I extends JSONSchema>(items: I) {
  return { type: 'array', items } as const;
}

/** A string of one of `values`. */
export function oneOf<const V extends readonly string[]>(values: V) {
  return { type: 'string', enum: values } as const;
}

/** The `response` option of a JSON route: the success envelope `{code, msg, data}` around `data`. */
export function okResponse<const D extends JSONSchema>(data: D) {
  return {
    200: object({ code: integer, msg: text, data }),
  } as const;
}

/** The answer `data: true` of calls that only confirm. */
export const confirmed = boolean;
