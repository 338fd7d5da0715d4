import { withoutControlChars } from './cjk-text.ts';

/**
 * What a user typed as a search keyword, made safe to split into search words: control and
 * format characters become spaces (`withoutControlChars`), then the ends are trimmed. Null when
 * nothing is left.
 */
export function cleanKeyword(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  return withoutControlChars(raw).trim() || null;
}
