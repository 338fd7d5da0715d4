import { hasCjk, keywordWords } from './cjk-text.ts';

/** One word of the library's full-text index and how many samples hold it. */
export interface VocabularyTerm {
  term: string;
  docs: number;
}

/** Edit distance allowed for a word of this length: short words tolerate one slip, longer two. */
export const allowedDistance = (length: number): number => (length <= 4 ? 1 : 2);

/**
 * Optimal-string-alignment distance (Levenshtein plus swapping two neighbours), giving up past
 * `limit`: "kik"→"kick" is 1, "snaer"→"snare" is 1.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = Array.from({ length: b.length + 1 }, () => 0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The library's Latin words (letters only, 3+ characters) sorted for prefix look-ups, with their
 * sample counts. Small even at 1M samples (names and tags reuse a few thousand words), so a
 * correction scans it in well under a millisecond.
 */
export class Vocabulary {
  private readonly terms: VocabularyTerm[];

  constructor(terms: readonly VocabularyTerm[]) {
    this.terms = terms
      .filter((t) => /^\p{L}{3,}$/u.test(t.term) && !hasCjk(t.term))
      .toSorted((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
  }

  /** How many words it holds. */
  get size(): number {
    return this.terms.length;
  }

  /** Whether some word starts with `prefix` (a keyword word matches as a prefix). */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.terms[mid]!.term < prefix) low = mid + 1;
      else high = mid;
    }
    return this.terms[low]?.term.startsWith(prefix) ?? false;
  }

  /**
   * The closest word within the allowed distance, or null. Ties go to a word the typed one is a
   * subsequence of (a dropped letter is the commonest slip: "kik" is "kick", not "kit"), then to
   * the word more samples hold.
   */
  closest(word: string): string | null {
    const limit = allowedDistance(word.length);
    let best: { term: string; rank: number[] } | null = null;
    for (const candidate of this.terms) {
      const distance = editDistance(word, candidate.term, limit);
      if (distance > limit) continue;
      const rank = [-distance, isSubsequence(word, candidate.term) ? 1 : 0, candidate.docs];
      if (!best || compareRanks(rank, best.rank) > 0) best = { term: candidate.term, rank };
    }
    return best?.term ?? null;
  }
}

/** Whether every letter of `short` appears in `long` in order. */
function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

const compareRanks = (a: number[], b: number[]): number => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

/** Whether correctKeyword may correct a keyword word: Latin letters only, 3 or more. */
const correctable = (word: string): boolean => /^\p{L}{3,}$/u.test(word) && !hasCjk(word);

/** The words of a keyword correctKeyword may correct (those it looks up in the vocabulary). */
export const correctableWords = (keyword: string): string[] =>
  keywordWords(keyword).filter(correctable);

/**
 * The keyword with each word that matches nothing in the library replaced by its closest library
 * word ("kik" → "kick", "dark kik" → "dark kick"), or null when no word needed (or found) a
 * correction. Only Latin words of 3+ letters are corrected; CJK words and numbers are kept.
 */
export function correctKeyword(keyword: string, vocabulary: Vocabulary): string | null {
  let changed = false;
  const words = keywordWords(keyword).map((word) => {
    if (!correctable(word) || vocabulary.hasPrefix(word)) return word;
    const better = vocabulary.closest(word);
    if (!better) return word;
    changed = true;
    return better;
  });
  return changed ? words.join(' ') : null;
}
