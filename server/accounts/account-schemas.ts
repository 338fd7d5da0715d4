import { emailSchema, passwordHashSchema } from '../http/validation.ts';
import { LANGUAGES } from '../../src/shared/languages.ts';

/** JSON schema of an object body with exactly these properties (unknown ones are a 400). */
export function bodySchema<const P extends Record<string, object>>(
  properties: P,
): BodySchema<P, (keyof P & string)[]>;
/** The same with only the `required` properties required. */
export function bodySchema<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[],
>(properties: P, required: R): BodySchema<P, R>;
export function bodySchema(
  properties: Record<string, object>,
  required: readonly string[] = Object.keys(properties),
): BodySchema<Record<string, object>, readonly string[]> {
  return { type: 'object', additionalProperties: false, required, properties };
}

/** An object body schema as `bodySchema` builds it. */
interface BodySchema<P, R> {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly required: R;
  readonly properties: P;
}

/** A 6-digit e-mail code. */
const codeSchema = { type: 'string', pattern: '^[0-9]{6}$' } as const;

/** Body of POST login (docs/PRODUCT.md §3 login payload). */
export const loginBody = bodySchema({
  email: emailSchema,
  password: passwordHashSchema,
  loginType: { type: 'string', enum: ['EMAIL'] },
});

/** Body of POST sendCode (purpose defaults to register). */
export const sendCodeBody = bodySchema(
  {
    email: emailSchema,
    appKey: { type: 'string', enum: [...LANGUAGES] },
    purpose: { type: 'string', enum: ['register', 'reset'], default: 'register' },
  },
  ['email', 'appKey'],
);

/** Body of POST register. */
export const registerBody = bodySchema({
  email: emailSchema,
  password: passwordHashSchema,
  code: codeSchema,
});

/** Body of POST password/reset. */
export const resetBody = bodySchema({
  email: emailSchema,
  code: codeSchema,
  password: passwordHashSchema,
});

/** Body of POST password/update. */
export const updateBody = bodySchema({
  oldPassword: passwordHashSchema,
  password: passwordHashSchema,
});

/** Body of POST client-key: base64 SPKI (a 2048-bit RSA key is about 400 characters). */
export const clientKeyBody = bodySchema({
  publicKey: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^[A-Za-z0-9+/=\\s]+$' },
});

/** A query string that must be empty (calls without parameters). */
export const emptyQuery = { type: 'object', additionalProperties: false, properties: {} } as const;
