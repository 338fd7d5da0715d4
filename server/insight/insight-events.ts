import type { FastifyRequest } from 'fastify';
import { cleanKeyword } from '../catalogue/keyword.ts';
import type { InsightRecorder } from './insight-recorder.ts';

/** Longest keyword kept (longer ones are cut: a pasted paragraph is not a search term). */
const KEYWORD_MAX = 60;

/**
 * A keyword as insight counts it: cleaned as search cleans it, lower-cased, runs of spaces made
 * one, cut to 60 characters; null when nothing is left.
 */
export function normaliseKeyword(raw: string | undefined): string | null {
  const clean = cleanKeyword(raw);
  if (clean === null) return null;
  return clean.toLowerCase().replace(/\s+/g, ' ').slice(0, KEYWORD_MAX).trim() || null;
}

/**
 * Counts a list or search call with a keyword: only its first page (paging through results is
 * one search), and once more as `search0` when it found nothing (after spelling correction).
 */
export function countSearch(
  insight: InsightRecorder,
  query: { keyword?: string; page: number },
  total: number,
): void {
  if (query.page !== 1) return;
  const keyword = normaliseKeyword(query.keyword);
  if (keyword === null) return;
  insight.count('search', keyword);
  if (total === 0) insight.count('search0', keyword);
}

/**
 * Whether an audition fetch is a play: a whole fetch or a range from byte 0 is, a later range
 * (a media element seeking or resuming) is part of a play already counted.
 */
export function isAuditionStart(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return range === undefined || range.trim().startsWith('bytes=0-');
}
