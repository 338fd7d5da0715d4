import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { DEFAULTS } from '../../src/shared/constants.ts';
import type { FastifyInstance } from 'fastify';

// Query strings and path params arrive as text: coerce them to the schema's types. JSON bodies
// must already have the right types, so a string where a number belongs is a 400, not a guess.
// Neither drops unknown fields: schemas say additionalProperties:false and that is an error.
const common = {
  allErrors: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
} as const;
const coercing = new Ajv({ ...common, coerceTypes: true });
const exact = new Ajv({ ...common, coerceTypes: false });
addFormats.default(coercing);
addFormats.default(exact);

/** Installs the validator compilers (coercing for querystring/params, exact for bodies). */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? exact.compile(schema) : coercing.compile(schema),
  );
}

/** A string schema for an e-mail address. */
export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;

/** A lowercase hex SHA-256, as the client sends passwords. */
export const passwordHashSchema = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

/** A positive integer path id. */
export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/** The `page` (from 1) and `pageSize` (1–100, default 30) properties every list query has. */
export const pagingProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: DEFAULTS.maxPageSize,
    default: DEFAULTS.defaultPageSize,
  },
} as const;
