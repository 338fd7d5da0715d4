import { API } from '../../../../shared/index.ts';
import type { InsightReport } from '../../../../shared/api/insight.types.ts';
import { http } from '../../../api/http.client.ts';

/** GET admin/insight: the last `days` days of plays, downloads, searches and packs. */
export function fetchInsight(days: number, signal?: AbortSignal): Promise<InsightReport> {
  return http.get<InsightReport>(`${API.adminInsight}?days=${days}`, { signal });
}
