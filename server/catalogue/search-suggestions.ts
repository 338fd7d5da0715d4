import type { SearchSuggestion, SuggestionKind } from '../../src/shared/api/catalogue.types.ts';
import type { Language } from '../../src/shared/languages.ts';
import { hasCjk } from './cjk-text.ts';

/** A name autocomplete can offer, in both languages, with where choosing it leads. */
export interface SuggestionEntry {
  kind: SuggestionKind;
  en: string;
  /** The Chinese name; null for tags, which the library keeps in English. */
  zh: string | null;
  /** Ranks entries that match equally well (taxonomy level, pack popularity). */
  weight: number;
  /** The primary name above a secondary one, shown before it ("Drums · Kick"). */
  parent?: { en: string; zh: string };
  primaryName?: string;
  secondaryName?: string;
  packCode?: string;
}

/** Suggestions per kind at most, so popular packs never crowd out instruments. */
const PER_KIND = 4;
/** The order of kinds in the answer. */
const KIND_ORDER: readonly SuggestionKind[] = ['instrument', 'genre', 'tag', 'pack', 'brand'];

const fold = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim();
const wordsOf = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * How well a name matches the typed text (0 = not at all): the whole name equal (4) or starting
 * with it (3), every typed word starting a word of the name (2), or for Chinese text containing
 * it (1). Case and width are ignored.
 */
export function matchScore(name: string, typed: string): number {
  const n = fold(name);
  const q = fold(typed);
  if (!q || !n) return 0;
  if (n === q) return 4;
  if (n.startsWith(q)) return 3;
  const nameWords = wordsOf(n);
  const typedWords = wordsOf(q);
  if (typedWords.length > 0 && typedWords.every((w) => nameWords.some((x) => x.startsWith(w))))
    return 2;
  return hasCjk(q) && n.includes(q) ? 1 : 0;
}

/**
 * Autocomplete for the typed text over instruments, genres, tags, packs and brands, matched in
 * both languages ("kick" and "底鼓" both find Drums · Kick) and labelled in `language` with the
 * other language beside it. Best matches first, at most `PER_KIND` of a kind and `limit` in all.
 */
export function suggest(
  entries: readonly SuggestionEntry[],
  typed: string,
  language: Language,
  limit: number,
): SearchSuggestion[] {
  const scored = entries
    .map((entry) => ({
      entry,
      score: Math.max(matchScore(entry.en, typed), entry.zh ? matchScore(entry.zh, typed) : 0),
    }))
    .filter((item) => item.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER.indexOf(a.entry.kind) - KIND_ORDER.indexOf(b.entry.kind) ||
        b.entry.weight - a.entry.weight,
    );
  const perKind = new Map<SuggestionKind, number>();
  const seen = new Set<string>();
  const out: SearchSuggestion[] = [];
  for (const { entry } of scored) {
    const taken = perKind.get(entry.kind) ?? 0;
    const key = `${entry.kind}:${entry.packCode ?? entry.primaryName ?? ''}:${fold(entry.en)}`;
    if (taken >= PER_KIND || seen.has(key)) continue;
    perKind.set(entry.kind, taken + 1);
    seen.add(key);
    const en = entry.parent ? `${entry.parent.en} · ${entry.en}` : entry.en;
    const zhName = entry.zh ?? entry.en;
    const zh = entry.parent ? `${entry.parent.zh} · ${zhName}` : zhName;
    out.push({
      kind: entry.kind,
      label: language === 'zh' ? zh : en,
      alt: zh === en ? null : language === 'zh' ? en : zh,
      keyword: entry.en,
      ...(entry.primaryName ? { primaryName: entry.primaryName } : {}),
      ...(entry.secondaryName ? { secondaryName: entry.secondaryName } : {}),
      ...(entry.packCode ? { packCode: entry.packCode } : {}),
    });
    if (out.length >= limit) break;
  }
  return out.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}
