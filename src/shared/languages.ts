/** The two UI and API languages; zh is the default (docs/PRODUCT.md §1). */
export const LANGUAGES = ['zh', 'en'] as const;

/** A supported language code. */
export type Language = (typeof LANGUAGES)[number];

/** Picks our language from an Accept-Language header value, zh when nothing matches. */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return 'zh';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return 'zh';
  }
  return 'zh';
}
