import {
  MUSICAL_KEYS,
  SAMPLE_EDIT_LIMITS,
  SAMPLE_KINDS,
  splitTags,
  type AdminSample,
  type MusicalKey,
  type SampleEdit,
  type SampleKind,
} from '../../../../shared/index.ts';

/** A field the samples screen edits. */
export type EditField = keyof SampleEdit;

/** Why a typed value was refused (an `admin:samples.invalid.*` key). */
export type EditProblem = 'name' | 'bpm' | 'tags';

/** A field's value as its input shows it: tags comma-separated, no tempo or key as ''. */
export function shownValue(sample: AdminSample, field: EditField): string {
  const value = sample[field];
  if (Array.isArray(value)) return value.join(', ');
  return value === null ? '' : String(value);
}

/**
 * The edit a typed value makes, or the problem with it: names are trimmed and not blank, a tempo
 * is a whole number in range or empty (none), tags are comma-separated, distinct and short.
 */
export function parseEdit(field: EditField, typed: string): SampleEdit | { problem: EditProblem } {
  const text = typed.trim();
  const { name, bpm } = SAMPLE_EDIT_LIMITS;
  switch (field) {
    case 'nameZh':
    case 'nameEn':
      return text && text.length <= name ? { [field]: text } : { problem: 'name' };
    case 'bpm': {
      if (!text) return { bpm: null };
      const value = Number(text);
      return Number.isInteger(value) && value >= bpm.min && value <= bpm.max
        ? { bpm: value }
        : { problem: 'bpm' };
    }
    case 'audioKey':
      return { audioKey: MUSICAL_KEYS.includes(text as MusicalKey) ? (text as MusicalKey) : null };
    case 'kind':
      return { kind: SAMPLE_KINDS.includes(text as SampleKind) ? (text as SampleKind) : 'oneshot' };
    case 'tags': {
      const list = splitTags(text);
      return list ? { tags: list } : { problem: 'tags' };
    }
  }
}
