import type { Message } from '../http/api-error.ts';

/** Pattern of pack codes (path segments and the packCode filter). */
export const PACK_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$';

/** Path params `{code}` of a pack. */
export const packParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: { type: 'string', pattern: PACK_CODE_PATTERN } },
} as const;

/** The querystring of a call that takes none: any parameter is a 400 naming it. */
export const noQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

/** Messages the catalogue, playback and download routes share. */
export const CATALOGUE_MESSAGES = {
  sampleNotFound: { zh: '音频不存在', en: 'No such sample' },
  packNotFound: { zh: '音色包不存在', en: 'No such pack' },
} as const satisfies Record<string, Message>;
