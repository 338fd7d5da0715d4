import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { CategoryNode, Names } from '../../../shared/index.ts';
import { isLanguage } from '../../i18n/i18n.ts';
import { placeName, placeOf, useNavigationStore } from '../../stores/navigation.store.ts';
import { loadCategoryTree } from '../sounds/index.tsx';
import type { CrumbNames } from './crumbs.ts';
import { zh } from './locales/zh.ts';

const NO_TYPES: ReadonlyMap<string, Names> = new Map();
const typeMaps = new WeakMap<CategoryNode[], ReadonlyMap<string, Names>>();

/**
 * The names of the library's types and sub-categories by their English name as in URLs (`Drums`),
 * and lower-cased as genre presets spell them (`hip-hop`).
 */
function typeNamesOf(tree: CategoryNode[]): ReadonlyMap<string, Names> {
  let map = typeMaps.get(tree);
  if (!map) {
    const names = new Map<string, Names>();
    const add = (name: string, value: Names) => {
      for (const key of [name, name.toLowerCase()]) if (!names.has(key)) names.set(key, value);
    };
    for (const category of tree)
      for (const primary of category.children) {
        add(primary.name, primary.names);
        for (const secondary of primary.children) add(secondary.name, secondary.names);
      }
    typeMaps.set(tree, (map = names));
  }
  return map;
}

/**
 * Type names from the category tree (fetched once per session), only while a tab or the page
 * names a type (a `:` segment): other pages ask the gateway nothing for their crumbs.
 */
function useTypeNames(): ReadonlyMap<string, Names> {
  const pathname = useLocation().pathname;
  const needed = useNavigationStore((s) =>
    [pathname, ...s.tabs].some((path) => placeOf(path).includes(':')),
  );
  const [types, setTypes] = useState(NO_TYPES);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadCategoryTree()
      .then((tree) => live && setTypes(typeNamesOf(tree)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [needed]);
  return types;
}

/**
 * Translates a URL segment when it is a known one (null otherwise), in the current language;
 * with `types`, a type or sub-category name too.
 */
export function useSegmentLabel(
  types: ReadonlyMap<string, Names> = NO_TYPES,
): (segment: string) => string | null {
  const { t, i18n } = useTranslation('navigation');
  const language = isLanguage(i18n.language) ? i18n.language : 'zh';
  return useCallback(
    (segment: string) =>
      Object.hasOwn(zh.segments, segment)
        ? t(`segments.${segment as keyof typeof zh.segments}`)
        : (types.get(segment)?.[language] ?? null),
    [t, types, language],
  );
}

/** Everything crumbs, tabs and titles are named with, in the current language. */
export function useCrumbNames(): CrumbNames {
  const { t, i18n } = useTranslation('navigation');
  const language = isLanguage(i18n.language) ? i18n.language : 'zh';
  const segment = useSegmentLabel(useTypeNames());
  const names = useNavigationStore((s) => s.names);
  return useMemo(
    () => ({
      segment,
      place: (path: string) => placeName(names, path, language),
      search: (query: string) => t('searchFor', { query }),
    }),
    [segment, names, t, language],
  );
}
