import type { SuggestionEntry } from '../../catalogue/search-suggestions.ts';
import { num, text, type Row } from './values.ts';

/** The rows autocomplete's names come from, each engine reading them in the order noted. */
export interface SuggestionRows {
  /** category, primary_name, secondary_name, name_zh: by category, primary name, the primary first. */
  taxonomy: Row[];
  /** name, name_zh. */
  brands: Row[];
  /** tag: every tag of every pack. */
  packTags: Row[];
  /** code, name_en, name_zh, popularity: the most popular first. */
  packs: Row[];
}

/** Every name autocomplete can offer, from the library's rows. */
export function suggestionEntries({
  taxonomy,
  brands,
  packTags,
  packs,
}: SuggestionRows): SuggestionEntry[] {
  const out: SuggestionEntry[] = [];
  const primaries = new Map<string, string>();
  for (const row of taxonomy) {
    const primaryName = text(row.primary_name);
    const secondaryName = text(row.secondary_name);
    const zh = text(row.name_zh);
    const primaryKey = `${text(row.category)}:${primaryName}`;
    if (!secondaryName) primaries.set(primaryKey, zh);
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
            parent: { en: primaryName, zh: primaries.get(primaryKey) ?? primaryName },
          }
        : {}),
    });
  }
  for (const row of brands)
    out.push({ kind: 'brand', en: text(row.name), zh: text(row.name_zh), weight: 1 });
  const tags = new Map<string, number>();
  for (const row of packTags) {
    const tag = text(row.tag).toLowerCase();
    tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  for (const [tag, count] of tags)
    out.push({ kind: 'tag', en: tag, zh: null, weight: 1 + count / 1000 });
  for (const row of packs)
    out.push({
      kind: 'pack',
      en: text(row.name_en),
      zh: text(row.name_zh),
      weight: num(row.popularity),
      packCode: text(row.code),
    });
  return out;
}
