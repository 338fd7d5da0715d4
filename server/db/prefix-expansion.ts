// The rule both adapters follow to spell a typed Latin prefix out as the index words it starts
// (docs/DATABASE.md "Search"): the same matches as the prefix, read the way each engine reads an
// exact word fastest. Each adapter finds the words in its own vocabulary.

/** Up to how many index words a typed prefix is spelled out as (an OR of exact words). */
export const MAX_PREFIX_EXPANSION = 16;

/**
 * The prefix of a typed word as the vocabulary spells it (lower case), or null when the word is
 * not plain ASCII letters and digits of at least `minLength` characters: such a word stays a
 * prefix query.
 */
export function expandablePrefix(word: string, minLength: number): string | null {
  const prefix = word.toLowerCase();
  return prefix.length >= minLength && /^[0-9a-z]+$/.test(prefix) ? prefix : null;
}

/**
 * The words a prefix is spelled out as, from the vocabulary's words that start with it (in any
 * order, at most `max` + 1 of them needed): null when there are none or more than `max`
 * (MAX_PREFIX_EXPANSION unless the adapter reads more words well), and the prefix query stays.
 */
export function prefixExpansion(
  found: readonly string[],
  max = MAX_PREFIX_EXPANSION,
): string[] | null {
  return found.length > 0 && found.length <= max ? [...found] : null;
}
