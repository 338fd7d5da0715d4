import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigationStore } from '../../stores/navigation.store.ts';
import type { CrumbNames } from './crumbs.ts';
import { zh } from './locales/zh.ts';

/** Translates a URL segment when it is a known one (null otherwise), in the current language. */
export function useSegmentLabel(): (segment: string) => string | null {
  const { t } = useTranslation('navigation');
  return useCallback(
    (segment: string) =>
      Object.hasOwn(zh.segments, segment)
        ? t(`segments.${segment as keyof typeof zh.segments}`)
        : null,
    [t],
  );
}

/** Everything crumbs, tabs and titles are named with, in the current language. */
export function useCrumbNames(): CrumbNames {
  const { t } = useTranslation('navigation');
  const segment = useSegmentLabel();
  const names = useNavigationStore((s) => s.names);
  return useMemo(
    () => ({
      segment,
      place: (path: string) => (Object.hasOwn(names, path) ? names[path] : undefined),
      search: (query: string) => t('searchFor', { query }),
    }),
    [segment, names, t],
  );
}
