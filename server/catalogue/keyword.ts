/**
 * What a user typed as a search keyword, made safe to build an FTS5 expression from: control
 * characters become spaces (FTS5 reads its expression as a C string, so a NUL ended it inside a
 * quoted word: "unterminated string", a 500), then the ends are trimmed. Null when nothing is left.
 */
export function cleanKeyword(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  return raw.replace(/\p{Cc}/gu, ' ').trim() || null;
}
