import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { MusicTrack, SongCatalogueStatus } from '../../src/shared/api/music.types.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import type { AppContext } from '../context.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { okResponse } from '../http/response-schema.ts';
import { songListPageSchema, trackSchema } from './music.responses.ts';
import { ApiError, MESSAGES, type Message } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { idParamsSchema, pagingProperties } from '../http/validation.ts';
import type { SongRecord } from './music.repository.ts';
import { blobBody, sendBytes } from '../http/byte-responder.ts';
import { readSongSettings, startSongGeneration, type SongGenerator } from './song-generator.ts';
import { issueStreamToken, verifyStreamToken } from './stream-token.ts';

/** Roles that may reach the AI-music catalogue (docs/PRODUCT.md §6: every role but ORDINARY). */
const MUSIC_ROLES: readonly RoleCode[] = ['CREATOR', 'ADMIN'];

const M = {
  songNotFound: { zh: '歌曲不存在', en: 'Song not found' },
  streamTokenInvalid: { zh: '播放链接无效', en: 'Invalid stream link' },
  streamTokenExpired: {
    zh: '播放链接已过期，请重新打开歌曲',
    en: 'The stream link has expired, open the song again',
  },
} as const satisfies Record<string, Message>;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tag: { type: 'string', minLength: 1, maxLength: 40 },
    keyword: { type: 'string', minLength: 1, maxLength: 100 },
    ...pagingProperties,
  },
} as const;

const mediaQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** Registers the songs catalogue and starts generating missing songs once the app is ready. */
export async function musicRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const settings = readSongSettings(ctx.config.songs);
  let generator: SongGenerator | null = null;
  if (settings.enabled) {
    // Started on ready, never awaited: the gateway serves at once and the list reports progress.
    app.addHook('onReady', async () => {
      generator = startSongGeneration(ctx, {
        count: settings.count,
        seconds: settings.seconds,
        leaseMs: ctx.config.leaseMs,
        log: (message) => app.log.info(message),
      });
    });
    app.addHook('onClose', async () => {
      await generator?.stop();
    });
  }

  const status = async (): Promise<SongCatalogueStatus> => {
    if (generator) return generator.status();
    const { total } = await ctx.repo.music.listSongs({ page: 1, pageSize: 1 });
    return { ready: true, generated: total, total };
  };

  const toTrack = (song: SongRecord, user: { userId: number; sessionId: string }): MusicTrack => {
    const token = issueStreamToken(ctx.tokenSecret, song.id, user, ctx.clock.now());
    return {
      id: song.id,
      title: song.title,
      ...(song.titleZh ? { titleZh: song.titleZh } : {}),
      relayImageUrl: `${API.songCover(song.id)}?token=${token}`,
      tags: song.tags,
      prompt: song.prompt,
      duration: song.duration,
      streamUrl: `${API.songStream(song.id)}?token=${token}`,
    };
  };

  // The role check (config.roles) runs before validation, so callers without access learn
  // nothing about params. Stream and cover also take the `?token=` of the track's URLs: their
  // onRequest hook makes its user the caller, whose role the same check then tests.
  const music = { roles: MUSIC_ROLES };
  const mediaRoute = {
    schema: { params: idParamsSchema, querystring: mediaQuerySchema },
    config: music,
    onRequest: async (request: FastifyRequest) => authenticateMediaToken(ctx, request),
  };

  app.get(
    API.songs,
    {
      schema: { querystring: listQuerySchema, response: okResponse(songListPageSchema) },
      config: music,
    },
    async (request) => {
      const user = mediaCaller(request);
      const { tag, keyword, page, pageSize } = request.query;
      const { records, total } = await ctx.repo.music.listSongs({
        tag,
        keyword: keyword?.trim() || undefined,
        page,
        pageSize,
      });
      return ok({
        records: records.map((song) => toTrack(song, user)),
        total,
        page,
        pageSize,
        status: await status(),
        tags: await ctx.repo.music.tagCounts(),
      });
    },
  );

  app.get(
    ROUTES.song,
    { schema: { params: idParamsSchema, response: okResponse(trackSchema) }, config: music },
    async (request) => {
      return ok(toTrack(await findSong(ctx, request.params.id), mediaCaller(request)));
    },
  );

  app.get(ROUTES.songStream, mediaRoute, async (request, reply) => {
    const song = await findSong(ctx, request.params.id);
    const body = blobBody(ctx.blobs, song.blobHash, {
      mediaType: song.mediaType,
      cacheControl: 'private, max-age=3600',
    });
    return sendBytes(request, reply, body);
  });

  app.get(ROUTES.songCover, mediaRoute, async (request, reply) => {
    const song = await findSong(ctx, request.params.id);
    const body = blobBody(ctx.blobs, song.coverHash, {
      mediaType: 'image/png',
      cacheControl: 'private, max-age=86400',
    });
    return sendBytes(request, reply, body);
  });
}

/** The music caller (the route's roles checked them) and the session its media links name. */
function mediaCaller(request: FastifyRequest): { userId: number; sessionId: string } {
  return { userId: request.user.id, sessionId: request.auth.sessionId! };
}

async function findSong(ctx: AppContext, id: number): Promise<SongRecord> {
  const song = await ctx.repo.music.findSong(id);
  if (!song) throw new ApiError('NOT_FOUND', M.songNotFound);
  return song;
}

/**
 * Stream and cover accept either the bearer header or the `?token=` issued in the track's URLs
 * (bound to this song and user). With a token, its user becomes the request's caller (the
 * route's roles then check that they still hold a music role now); a token that does not hold
 * is a 401 whatever the bearer says.
 */
async function authenticateMediaToken(ctx: AppContext, request: FastifyRequest): Promise<void> {
  // Read before validation: the raw query and params, whatever their shape.
  const token = field(request.query, 'token');
  if (token === undefined) return;
  const id = Number(field(request.params, 'id'));
  const check =
    typeof token === 'string'
      ? verifyStreamToken(ctx.tokenSecret, token, id, ctx.clock.now())
      : ({ ok: false, reason: 'invalid' } as const);
  if (!check.ok) {
    const message = check.reason === 'expired' ? M.streamTokenExpired : M.streamTokenInvalid;
    throw new ApiError('UNAUTHORIZED', message);
  }
  // A signed-out session's links die with it (docs/api/accounts.md#sessions).
  if (ctx.sessions.isEnded(check.sessionId))
    throw new ApiError('UNAUTHORIZED', MESSAGES.sessionEnded);
  const user = await ctx.repo.accounts.findAuthUser(check.userId);
  if (!user) throw new ApiError('UNAUTHORIZED', M.streamTokenInvalid);
  request.auth = { user, problem: null, sessionId: check.sessionId };
}

/** A property of a value not validated yet (undefined when it is no object or lacks it). */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
