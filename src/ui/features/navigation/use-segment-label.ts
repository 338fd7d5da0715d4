import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
