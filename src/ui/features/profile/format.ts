import type { Language } from '../../../shared/index.ts';

/** A price in cents as currency text in the UI language (e.g. ¥29.00). */
export function formatPrice(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency,
  }).format(cents / 100);
}

/** A date-time in the UI language. */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
