import type { Language } from '../../src/shared/languages.ts';
import type { InsightDay, InsightReport } from '../../src/shared/api/insight.types.ts';
import type { InsightRepository } from './insight.repository.ts';
import { DAY_MS, dayOf } from './insight-recorder.ts';

/** The report of the last `days` UTC days up to `now`: every day listed, zeros included. */
export async function insightReport(
  store: InsightRepository,
  { days, now, language }: { days: number; now: number; language: Language },
): Promise<InsightReport> {
  const fromDay = dayOf(now) - days + 1;
  const [counts, searches, zero, packs] = await Promise.all([
    store.perDay(fromDay),
    store.topKeys('search', fromDay, 20),
    store.topKeys('search0', fromDay, 20),
    store.topPacks(fromDay, 10, language),
  ]);
  const perDay: InsightDay[] = Array.from({ length: days }, (_, i) => ({
    date: new Date((fromDay + i) * DAY_MS).toISOString().slice(0, 10),
    plays: 0,
    downloads: 0,
  }));
  for (const { day, kind, count } of counts) {
    const row = perDay[day - fromDay];
    if (!row) continue;
    if (kind === 'play' || kind === 'audition') row.plays += count;
    else if (kind === 'download') row.downloads += count;
  }
  const asSearch = ({ key, count }: { key: string; count: number }) => ({ keyword: key, count });
  return {
    days,
    perDay,
    searches: searches.map(asSearch),
    zeroResults: zero.map(asSearch),
    packs,
  };
}
