import type {
  Pack,
  Sample,
  SearchListPage,
  SearchSuggestion,
} from '../../src/shared/api/catalogue.types.ts';
import { readSearchQuery } from '../../src/shared/api/search-query.ts';
import type { Language } from '../../src/shared/languages.ts';
import type { CatalogueRepository, ListRequest, RelationScope } from './catalogue.repository.ts';
import { toPack, toSample } from './catalogue-shapes.ts';
import { keywordSearch } from './cjk-text.ts';
import { parseListQuery, type ListMode, type RawListQuery } from './list-query.ts';
import { publishedOnly } from './publication.ts';
import { suggest } from './search-suggestions.ts';
import {
  correctableWords,
  correctKeyword,
  Vocabulary,
  type VocabularyTerm,
} from './search-vocabulary.ts';

/** A page of the list, search and user-list calls. */
export type CataloguePage = SearchListPage<Sample> | SearchListPage<Pack>;

/** Who asks for a page: the answer's language, the viewer whose flags it carries, a user list. */
interface PageCaller {
  language: Language;
  viewerId: number | null;
  scope?: RelationScope;
}

/** The catalogue's searching: list pages with the misspelling retry, and suggestions. */
export interface CatalogueService {
  /** One page of samples or packs for a validated list, search or user-list query. */
  listPage(query: RawListQuery, mode: ListMode, caller: PageCaller): Promise<CataloguePage>;
  /** Autocomplete suggestions for typed text, corrected when it matches nothing. */
  suggestions(q: string, limit: number, language: Language): Promise<SearchSuggestion[]>;
}

/**
 * The catalogue's search logic over its repository: the vocabulary cache, the one retry of a
 * search whose misspelt word matched nothing, and the suggestions' typo candidates.
 */
export function createCatalogueService(repo: CatalogueRepository): CatalogueService {
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

  return {
    // Every keyword word must match (no any-word fallback: more words narrow). A search that
    // finds nothing because a word matches nothing in the library retries once with that word
    // corrected ("kik" → "kick") and says so in `correction`.
    async listPage(query, mode, { language, viewerId, scope }) {
      const parsed = parseListQuery(query, mode);
      // A warehouse keeps what was acquired; every other list leaves unpublished packs out.
      const hides = await publishedOnly(repo, scope);
      const request = parsed.request;
      const filter = hides ? { ...request.filter, publishedOnly: true } : request.filter;
      const base: ListRequest = { ...request, filter, language, viewerId, scope };
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
            } as CataloguePage;
        }
      }
      return { ...result, ...paging } as CataloguePage;
    },

    // Suggestions follow what the keyword searches (its words, not its tempo or key), and a typo
    // while typing: text that matches no name is tried again joined ("gu zheng") and corrected
    // from the library's words ("kik"), the way a search is.
    async suggestions(q, limit, language) {
      const entries = await repo.suggestionEntries();
      const typed = readSearchQuery(q).words || q;
      const found = suggest(entries, typed, language, limit);
      if (found.length > 0 || !typed.trim()) return found;
      for (const candidate of await typoCandidates(typed)) {
        const corrected = suggest(entries, candidate, language, limit);
        if (corrected.length > 0)
          return corrected.map((item) => ({ ...item, corrected: candidate }));
      }
      return [];
    },
  };
}
