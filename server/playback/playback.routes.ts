import type { FastifyInstance } from 'fastify';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { ROUTES } from '../../src/shared/api/paths.ts';
import { PLAY_HEADERS } from '../../src/shared/audio/protocol.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { idParamsSchema } from '../http/validation.ts';
import { okResponse } from '../http/response-schema.ts';
import { spectrumSchema } from '../catalogue/catalogue.responses.ts';
import { readPeaks } from '../library/peaks.ts';
import { cipherForClient, encryptedLength } from './encrypt-audio.ts';
import { blobBody, sendBytes } from '../http/byte-responder.ts';
import { CATALOGUE_MESSAGES, noQuerySchema as noQuery } from '../catalogue/catalogue.schemas.ts';
import { isAuditionStart } from '../insight/insight-events.ts';
import { refuseHiddenSample } from '../catalogue/publication.ts';

const MESSAGES = {
  auditionNotFound: { zh: '试听不存在', en: 'No such audition' },
  spectrumNotFound: { zh: '该音频没有波形数据', en: 'No spectrum for this sample' },
  unknownClientKey: {
    zh: '设备密钥未注册，请重新注册后再试',
    en: 'Unknown client key; register the device key again',
  },
} as const;

const KEY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const YEAR = 'public, max-age=31536000, immutable';

const auditionParams = {
  type: 'object',
  additionalProperties: false,
  required: ['auditionCode'],
  properties: { auditionCode: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' } },
} as const;

/** Registers the playback routes: spectrum, encrypted play, audition. */
export async function playbackRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const repo = ctx.repo.catalogue;

  app.get(
    ROUTES.spectrum,
    {
      schema: {
        params: idParamsSchema,
        querystring: noQuery,
        response: okResponse(spectrumSchema),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const blob = await repo.samplePeaks(id);
      if (!blob) throw new ApiError('NOT_FOUND', MESSAGES.spectrumNotFound);
      // Peaks are computed at ingest and never change for an id.
      reply.header('cache-control', 'public, max-age=86400');
      return ok({ id, peaks: readPeaks(blob) });
    },
  );

  app.get(
    ROUTES.play,
    { schema: { params: idParamsSchema, querystring: noQuery }, config: { signedIn: true } },
    async (request, reply) => {
      const { user } = request;
      const { id } = request.params;
      const keyId = request.headers[PLAY_HEADERS.clientKeyId];
      const unknownKey = new ApiError('UNKNOWN_CLIENT_KEY', MESSAGES.unknownClientKey);
      if (typeof keyId !== 'string' || !KEY_ID.test(keyId)) throw unknownKey;
      const publicKey = await repo.clientKey(keyId, user.id);
      if (!publicKey) throw unknownKey;
      const file = await repo.sampleFile(id);
      if (!file || !ctx.blobs.has(file.blobHash))
        throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.sampleNotFound);
      await refuseHiddenSample(repo, id, user.id);
      let cipher;
      try {
        cipher = cipherForClient(publicKey);
      } catch (error) {
        // A stored key that is not a usable RSA key: the client must register a fresh one.
        request.log.warn({ err: error, keyId }, 'unusable client key');
        throw unknownKey;
      }
      // One play per request: the encrypted stream is fetched whole, never by ranges.
      ctx.insight.count('play', String(id));
      return (
        reply
          .type(file.mediaType)
          .header(PLAY_HEADERS.encryptedKey, cipher.encryptedKey)
          .header(PLAY_HEADERS.iv, cipher.iv)
          .header(
            'access-control-expose-headers',
            `${PLAY_HEADERS.encryptedKey}, ${PLAY_HEADERS.iv}`,
          )
          .header('cache-control', 'no-store')
          // Streamed: the first bytes leave at once and the player starts on them.
          .header('content-length', encryptedLength(ctx.blobs.size(file.blobHash)))
          .send(cipher.encrypt(ctx.blobs.streamEagerly(file.blobHash)))
      );
    },
  );

  app.get(
    ROUTES.audition,
    { schema: { params: auditionParams, querystring: noQuery } },
    async (request, reply) => {
      const { auditionCode } = request.params;
      const audition = await repo.audition(auditionCode);
      if (!audition || !ctx.blobs.has(audition.hash))
        throw new ApiError('NOT_FOUND', MESSAGES.auditionNotFound);
      if (isAuditionStart(request)) ctx.insight.count('audition', auditionCode);
      const body = blobBody(ctx.blobs, audition.hash, {
        mediaType: audition.mediaType,
        cacheControl: YEAR,
      });
      return sendBytes(request, reply, body);
    },
  );
}
