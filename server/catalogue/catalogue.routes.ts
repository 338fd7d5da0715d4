import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaOptions } from '../http/route-area.ts';
import { API, ROUTES } from '../../src/shared/api/paths.ts';
import {
  CATEGORIES,
  RANGES,
  USER_RELATIONS,
  type Category,
  type Pack,
  type Range,
  type Sample,
  type SearchListPage,
  type SearchSuggestion,
  type UserRelation,
} from '../../src/shared/api/catalogue.types.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { blobBody, sendBytes } from '../http/byte-responder.ts';
import type { ListRequest, RelationScope } from './catalogue.repository.ts';
import { listQuerySchema, parseListQuery, type ListMode, type RawListQuery } from './list-query.ts';
import { keywordSearch } from './cjk-text.ts';
import { readSearchQuery } from '../../src/shared/api/search-query.ts';
import { suggest } from './search-suggestions.ts';
import {
  correctableWords,
  correctKeyword,
  Vocabulary,
  type VocabularyTerm,
} from './search-vocabulary.ts';
import { toPack, toSample } from './catalogue-shapes.ts';
import { buildCategoryTree } from './category-tree.ts';
import { viewerOf } from './viewer.ts';
import { userItemsRoutes } from './user-items.routes.ts';
import {
  CATALOGUE_MESSAGES,
  noQuerySchema as noQuery,
  packParamsSchema as packParams,
} from './catalogue.schemas.ts';

const treeQuery = (user: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: user ? ['relation'] : [],
    properties: {
      category: { type: 'string', enum: CATEGORIES },
      ...(user
        ? {
            relation: { type: 'string', enum: USER_RELATIONS },
            range: { type: 'string', enum: RANGES },
            kind: { type: 'string', enum: RANGES },
          }
        : {}),
    },
  }) as const;

const suggestQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    limit: { type: 'integer', minimum: 1, maximum: 20 },
  },
} as const;

/** Registers the catalogue routes: lists, search, category trees, user lists, packs. */
export async function catalogueRoutes(app: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const repo = ctx.repo.catalogue;
  await app.register(userItemsRoutes, { ctx });

  // The vocabulary object is rebuilt only when the repository answers a new term list.
  let vocabulary: { terms: VocabularyTerm[]; words: Vocabulary } | null = null;
  const libraryWords = async (): Promise<Vocabulary> => {
    const terms = await repo.searchVocabulary();
    if (vocabulary?.terms !== terms) vocabulary = { terms, words: new Vocabulary(terms) };
    return vocabulary.words;
  };
  // The words that can correct a keyword: the repository's candidates for each of its words when
  // it narrows them for every one (PostgreSQL's trigram index), else the whole vocabulary. Either
  // holds every word within reach, so the correction is the same.
  const correctionWords = async (keyword: string): Promise<Vocabulary> => {
    const narrow = repo.correctionCandidates?.bind(repo);
    if (narrow) {
      const found = await Promise.all(correctableWords(keyword).map((word) => narrow(word)));
      if (found.every((terms) => terms !== null)) return new Vocabulary(found.flat());
    }
    return libraryWords();
  };

  // One page of samples or packs. Every keyword word must match (no any-word fallback: more words
  // narrow). A search that finds nothing because a word matches nothing in the library retries
  // once with that word corrected ("kik" → "kick") and says so in `correction`.
  async function listPage(
    request: FastifyRequest,
    mode: ListMode,
    scope?: RelationScope,
  ): Promise<SearchListPage<Sample> | SearchListPage<Pack>> {
    const parsed = parseListQuery(request.query as RawListQuery, mode);
    const language = languageOf(request);
    const viewer = scope ? scope.userId : (viewerOf(request)?.id ?? null);
    const base: ListRequest = { ...parsed.request, language, viewerId: viewer, scope };
    const run = async (listRequest: ListRequest) => {
      if (parsed.range === 'packs') {
        const found = await repo.listPacks(listRequest);
        return { records: found.rows.map((row) => toPack(row, language)), total: found.total };
      }
      const found = await repo.listSamples(listRequest);
      return {
        records: found.rows.map((row) => toSample(row, language)),
        total: found.total,
        ...(found.totalEstimated ? { totalEstimated: true } : {}),
      };
    };
    const paging = { page: base.page, pageSize: base.pageSize };
    const result = await run(base);
    if (mode === 'search' && result.total === 0 && parsed.keyword) {
      const corrected = correctKeyword(parsed.keyword, await correctionWords(parsed.keyword));
      const search = corrected ? keywordSearch(corrected) : null;
      if (corrected && search) {
        const retried = await run({ ...base, filter: { ...base.filter, search } });
        if (retried.total > 0)
          return {
            ...retried,
            ...paging,
            correction: { from: parsed.keyword, to: corrected },
          } as SearchListPage<Sample> | SearchListPage<Pack>;
      }
    }
    return { ...result, ...paging } as SearchListPage<Sample> | SearchListPage<Pack>;
  }

  // Suggestions follow what the keyword searches (its words, not its tempo or key), and a typo
  // while typing: text that matches no name is tried again joined ("gu zheng") and corrected
  // from the library's words ("kik"), the way a search is.
  app.get(API.suggest, { schema: { querystring: suggestQuery } }, async (request) => {
    const { q = '', limit = 10 } = request.query as { q?: string; limit?: number };
    const entries = await repo.suggestionEntries();
    const language = languageOf(request);
    const typed = readSearchQuery(q).words || q;
    const found = suggest(entries, typed, language, limit);
    if (found.length > 0 || !typed.trim()) return ok<SearchSuggestion[]>(found);
    for (const candidate of await typoCandidates(typed)) {
      const corrected = suggest(entries, candidate, language, limit);
      if (corrected.length > 0)
        return ok<SearchSuggestion[]>(corrected.map((item) => ({ ...item, corrected: candidate })));
    }
    return ok<SearchSuggestion[]>([]);
  });
  // The spellings a typed text that matched nothing may have meant: its words joined, and each
  // corrected from the library's vocabulary.
  const typoCandidates = async (typed: string): Promise<string[]> => {
    const joined =
      /^[\p{L}\s]+$/u.test(typed) && /\s/u.test(typed.trim()) ? typed.replace(/\s+/gu, '') : null;
    const out: string[] = joined ? [joined] : [];
    for (const text of [typed, ...out]) {
      const corrected = correctKeyword(text, await correctionWords(text));
      if (corrected) out.push(corrected);
    }
    return [...new Set(out)];
  };

  app.get(API.audios, { schema: { querystring: listQuerySchema('list') } }, async (request) =>
    ok(await listPage(request, 'list')),
  );

  app.get(API.search, { schema: { querystring: listQuerySchema('search') } }, async (request) =>
    ok(await listPage(request, 'search')),
  );

  app.get(
    API.userAudios,
    { schema: { querystring: listQuerySchema('user') }, config: { signedIn: true } },
    async (request) => {
      const { user } = request;
      const { relation } = request.query as { relation: UserRelation };
      return ok(await listPage(request, 'user', { userId: user.id, relation }));
    },
  );

  app.get(API.instrumentsStyle, { schema: { querystring: treeQuery(false) } }, async (request) => {
    const { category } = request.query as { category?: Category };
    const [cells, taxonomy] = await Promise.all([
      repo.treeCells({ category, range: 'samples' }),
      repo.taxonomy(),
    ]);
    return ok(buildCategoryTree(cells, taxonomy));
  });

  app.get(
    API.userInstrumentsStyle,
    { schema: { querystring: treeQuery(true) }, config: { signedIn: true } },
    async (request) => {
      const { user } = request;
      const query = request.query as {
        category?: Category;
        relation: UserRelation;
        range?: Range;
        kind?: Range;
      };
      if (query.range && query.kind && query.range !== query.kind)
        throw badRequest('kind', '与 range 矛盾', 'contradicts range');
      const scope = { userId: user.id, relation: query.relation };
      const range = query.range ?? query.kind ?? 'samples';
      const [cells, taxonomy] = await Promise.all([
        repo.treeCells({ category: query.category, scope, range }),
        repo.taxonomy(),
      ]);
      return ok(buildCategoryTree(cells, taxonomy));
    },
  );

  app.get(
    ROUTES.pack,
    { schema: { params: packParams, querystring: noQuery } },
    async (request) => {
      const { code } = request.params as { code: string };
      const pack = await repo.findPack(code, viewerOf(request)?.id ?? null);
      if (!pack) throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.packNotFound);
      return ok(toPack(pack, languageOf(request)));
    },
  );

  app.get(
    ROUTES.packCover,
    { schema: { params: packParams, querystring: noQuery } },
    async (request, reply) => {
      const { code } = request.params as { code: string };
      const cover = await repo.packCover(code);
      if (!cover || !ctx.blobs.has(cover.hash))
        throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.packNotFound);
      // Covers never change for a pack code: browsers keep them for a year and revalidate by hash.
      const body = blobBody(ctx.blobs, cover.hash, {
        mediaType: cover.mediaType,
        cacheControl: 'public, max-age=31536000, immutable',
      });
      return sendBytes(request, reply, body);
    },
  );
}
