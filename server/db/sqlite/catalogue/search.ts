import type { Database } from '../database.ts';
import type { SuggestionEntry } from '../../../catalogue/search-suggestions.ts';
import type { VocabularyTerm } from '../../../catalogue/search-vocabulary.ts';
import { suggestionEntries } from '../../rows/suggestions.ts';

/** How soon after its last read a changed vocabulary is read again for prefix spelling. */
const VOCABULARY_REREAD_MS = 60_000;

/**
 * What search help reads from SQLite: the index's words (fts5vocab, migration 015) and the names
 * autocomplete offers. Both are cached until the library changes (new samples or packs), which
 * a cheap version query detects: the vocabulary costs one pass over the term index.
 */
export function sqliteSearchHelp(db: Database) {
  const version = db.prepare(
    // The unpublished codes (a partial index's small set): publishing changes autocomplete.
    `SELECT (SELECT coalesce(max(id), 0) FROM samples) || ':' ||
            (SELECT count(*) FROM packs) || ':' ||
            (SELECT coalesce(group_concat(code), '') FROM packs WHERE published = 0) AS v`,
  );
  const cached = <T>(load: () => T) => {
    let key: string | null = null;
    let value: T | null = null;
    let loadedAt = 0;
    /** The value, read again when the library changed (at most every `minAgeMs`, else null). */
    return (minAgeMs = 0): T | null => {
      const now = String(version.get()?.v ?? '');
      if (value === null || key !== now) {
        if (value !== null && Date.now() - loadedAt < minAgeMs) return null;
        value = load();
        key = now;
        loadedAt = Date.now();
      }
      return value;
    };
  };

  const vocabulary = cached((): VocabularyTerm[] =>
    db
      .prepare('SELECT term, doc FROM samples_fts_vocab')
      .all()
      .map((row) => ({ term: String(row.term), docs: Number(row.doc) })),
  );

  const entries = cached((): SuggestionEntry[] =>
    suggestionEntries({
      taxonomy: db
        .prepare(
          `SELECT category, primary_name, secondary_name, name_zh FROM taxonomy
             ORDER BY category, primary_name, secondary_name <> '', position`,
        )
        .all(),
      brands: db.prepare('SELECT name, name_zh FROM brands').all(),
      packTags: db
        .prepare('SELECT j.value AS tag FROM packs p, json_each(p.tags) j WHERE p.published = 1')
        .all(),
      packs: db
        .prepare(
          'SELECT code, name_en, name_zh, popularity FROM packs WHERE published = 1 ORDER BY popularity DESC',
        )
        .all(),
    }),
  );

  return {
    /**
     * The index's words while they are current, for spelling prefixes out (sqlite/catalogue/prefixes.ts):
     * after the library changed they are read again at most once a minute (~1 s at 1M rows, so an
     * import's batches do not each cost a search that), and null meanwhile (prefixes stay).
     */
    vocabularyNow: (): VocabularyTerm[] | null => vocabulary(VOCABULARY_REREAD_MS),
    /** The index's words with their sample counts. */
    async searchVocabulary(): Promise<VocabularyTerm[]> {
      return vocabulary()!;
    },
    /** Every name autocomplete can offer. */
    async suggestionEntries(): Promise<SuggestionEntry[]> {
      return entries()!;
    },
  };
}
