import type { SampleType, SearchSuggestion, SuggestionKind } from '../../../../shared/index.ts';
import { searchPath, type SearchTarget } from './list-query.ts';

/** The suggestion groups of docs/PRODUCT.md §2: the user's sample types, then three preset groups. */
type SuggestionGroupId = 'yours' | 'popular' | 'styles' | 'instruments';

/** Preset suggestions of docs/PRODUCT.md §2. */
export const PRESET_SUGGESTIONS: Record<Exclude<SuggestionGroupId, 'yours'>, readonly string[]> = {
  popular: ['vocals', 'snare', 'bass', '808', 'claps'],
  styles: ['hip-hop', 'trap', 'pop', 'R&B', 'EDM'],
  instruments: ['drums', 'synth', 'percussion', 'keyboard', 'guitar'],
};

/** One group of the suggestion list. */
interface SuggestionGroup {
  id: SuggestionGroupId;
  items: string[];
}

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** Names that contain the text, case-insensitively, first spelling of each kept. */
function matching(names: readonly string[], text: string): string[] {
  const needle = fold(text);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = fold(name);
    if (!key || seen.has(key) || !key.includes(needle)) continue;
    seen.add(key);
    out.push(name.trim());
  }
  return out;
}

/**
 * The suggestion list for the typed text: the user's sample types whose name contains it
 * (case-insensitive, no duplicates), then the preset groups filtered the same way. Empty groups
 * are left out.
 */
export function buildSuggestions(
  text: string,
  sampleTypes: readonly SampleType[],
): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      id: 'yours',
      items: matching(
        sampleTypes.map((type) => type.name),
        text,
      ),
    },
    { id: 'popular', items: matching(PRESET_SUGGESTIONS.popular, text) },
    { id: 'styles', items: matching(PRESET_SUGGESTIONS.styles, text) },
    { id: 'instruments', items: matching(PRESET_SUGGESTIONS.instruments, text) },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/** Where choosing a suggestion goes: styles filter by style, everything else is a keyword search. */
export function suggestionTarget(group: SuggestionGroupId, item: string): SearchTarget {
  return group === 'styles'
    ? { type: 'styles', styles: [item] }
    : { type: 'keyword', keyword: item };
}

/** The gateway's suggestions grouped by kind, in its order, leaving out names already shown. */
export function remoteGroups(
  suggestions: readonly SearchSuggestion[],
  shown: readonly string[],
): { kind: SuggestionKind; items: SearchSuggestion[] }[] {
  const seen = new Set(shown.map(fold));
  const groups: { kind: SuggestionKind; items: SearchSuggestion[] }[] = [];
  for (const suggestion of suggestions) {
    if (suggestion.kind !== 'pack' && seen.has(fold(suggestion.keyword))) continue;
    seen.add(fold(suggestion.keyword));
    const group = groups.find((g) => g.kind === suggestion.kind);
    if (group) group.items.push(suggestion);
    else groups.push({ kind: suggestion.kind, items: [suggestion] });
  }
  return groups;
}

/**
 * Where a gateway suggestion leads: a pack to its page, an instrument's second level to its
 * list, a genre to the style search, anything else to a keyword search of its English name.
 */
export function remotePath(suggestion: SearchSuggestion): string {
  if (suggestion.packCode)
    return `/sounds/packs/track/${encodeURIComponent(suggestion.packCode)}/samples`;
  if (suggestion.primaryName && suggestion.secondaryName)
    return searchPath({
      type: 'names',
      primaryName: suggestion.primaryName,
      secondaryName: suggestion.secondaryName,
    });
  if (suggestion.kind === 'genre')
    return searchPath({ type: 'styles', styles: [suggestion.keyword.toLowerCase()] });
  return searchPath({ type: 'keyword', keyword: suggestion.keyword });
}
