// One tag per meaning (issue 30 §7): the generator once wrote several spellings and synonyms of
// one tag (hi-hat, hihat, hat; chinese, chinese style, guofeng), which the detail panels showed
// as repeated chips. Stored tags are the canonical words below; the others are aliases that
// the seeder, the importer and migration 036 (both adapters) map onto them, and that stay
// findable by a keyword search (`tagSearchText`).

/**
 * Every alias and the canonical tag it means. The PostgreSQL migration
 * `server/db/postgres/migrations/036-merge-tag-synonyms.sql` repeats this list in SQL (a test
 * holds the two equal).
 */
export const TAG_SYNONYMS: Readonly<Record<string, string>> = {
  chinese: 'chinese style',
  claps: 'clap',
  guofeng: 'chinese style',
  hat: 'hi-hat',
  hihat: 'hi-hat',
  hiphop: 'hip-hop',
  keys: 'keyboard',
  pads: 'pad',
  plucks: 'pluck',
  rnb: 'r&b',
  sub: 'sub bass',
  toms: 'tom',
  vocal: 'vocals',
  'vocal chops': 'chop',
};

/** The canonical tag of `tag` (lower-cased, trimmed; an alias becomes the tag it means). */
export function canonicalTag(tag: string): string {
  const word = tag.trim().toLowerCase();
  return TAG_SYNONYMS[word] ?? word;
}

/** A tag list with aliases replaced by their tags, each tag once, in first-seen order, no blanks. */
export function canonicalTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(canonicalTag).filter(Boolean))];
}

const ALIASES_OF = new Map<string, string[]>();
for (const [alias, tag] of Object.entries(TAG_SYNONYMS))
  ALIASES_OF.set(tag, [...(ALIASES_OF.get(tag) ?? []), alias]);

/**
 * The full-text words of a tag list: each tag and its aliases, so a search for "hihat", "keys" or
 * "guofeng" still finds what carried those words before they were merged.
 */
export function tagSearchText(tags: readonly string[]): string {
  return tags.flatMap((tag) => [tag, ...(ALIASES_OF.get(tag) ?? [])]).join(' ');
}
