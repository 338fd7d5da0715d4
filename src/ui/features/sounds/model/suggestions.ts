import type { SampleType } from '../../../../shared/index.ts';
import type { SearchTarget } from './list-query.ts';

/** The suggestion groups of SPEC §2: the user's sample types, then three preset groups. */
export type SuggestionGroupId = 'yours' | 'popular' | 'styles' | 'instruments';

/** Preset suggestions of SPEC §2. */
export const PRESET_SUGGESTIONS: Record<Exclude<SuggestionGroupId, 'yours'>, readonly string[]> = {
  popular: ['vocals', 'snare', 'bass', '808', 'claps'],
  styles: ['hip-hop', 'trap', 'pop', 'R&B', 'EDM'],
  instruments: ['drums', 'synth', 'percussion', 'keyboard', 'guitar'],
};

/** One group of the suggestion list. */
export interface SuggestionGroup {
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
