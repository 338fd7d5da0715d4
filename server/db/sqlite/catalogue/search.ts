import type { Database } from '../database.ts';
import type { SuggestionEntry } from '../../../catalogue/search-suggestions.ts';
import type { VocabularyTerm } from '../../../catalogue/search-vocabulary.ts';

/** How soon after its last read a changed vocabulary is read again for prefix spelling. */
const VOCABULARY_REREAD_MS = 60_000;

/**
 * What search help reads from SQLite: the index's words (fts5vocab, migration 015) and the names
 * autocomplete offers. Both are cached until the library changes (new samples or packs), which
 * a cheap version query detects: the vocabulary costs one pass over the term index.
 */
export function sqliteSearchHelp(db: Database) {
  const version = db.prepare(
    `SELECT (SELECT coalesce(max(id), 0) FROM samples) || ':' ||
            (SELECT count(*) FROM packs) AS v`,
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

  const entries = cached((): SuggestionEntry[] => {
    const out: SuggestionEntry[] = [];
    const primaries = new Map<string, string>();
    for (const row of db
      .prepare(
        `SELECT category, primary_name, secondary_name, name_zh FROM taxonomy
         ORDER BY category, primary_name, secondary_name <> '', position`,
      )
      .all()) {
      const primaryName = String(row.primary_name);
      const secondaryName = String(row.secondary_name);
      const zh = String(row.name_zh);
      if (!secondaryName) primaries.set(`${row.category}:${primaryName}`, zh);
      // A genre's second level (Bass Loops, Vocals…) repeats under every genre: genres offer
      // themselves only, as a style filter.
      if (row.category === 'genres') {
        if (!secondaryName) out.push({ kind: 'genre', en: primaryName, zh, weight: 3 });
        continue;
      }
      out.push({
        kind: 'instrument',
        en: secondaryName || primaryName,
        zh,
        weight: secondaryName ? 2 : 3,
        primaryName,
        ...(secondaryName
          ? {
              secondaryName,
              parent: {
                en: primaryName,
                zh: primaries.get(`${row.category}:${primaryName}`) ?? primaryName,
              },
            }
          : {}),
      });
    }
    for (const row of db.prepare('SELECT name, name_zh FROM brands').all())
      out.push({ kind: 'brand', en: String(row.name), zh: String(row.name_zh), weight: 1 });
    const tags = new Map<string, number>();
    for (const row of db.prepare('SELECT j.value AS tag FROM packs p, json_each(p.tags) j').all()) {
      const tag = String(row.tag).toLowerCase();
      tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
    for (const [tag, count] of tags)
      out.push({ kind: 'tag', en: tag, zh: null, weight: 1 + count / 1000 });
    for (const row of db
      .prepare('SELECT code, name_en, name_zh, popularity FROM packs ORDER BY popularity DESC')
      .all())
      out.push({
        kind: 'pack',
        en: String(row.name_en),
        zh: String(row.name_zh),
        weight: Number(row.popularity),
        packCode: String(row.code),
      });
    return out;
  });

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
