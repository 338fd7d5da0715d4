import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNavigationStore } from '../../stores/navigation.store.ts';
import { pageTitleFor } from './crumbs.ts';
import { useCrumbNames } from './use-segment-label.ts';

/** Route `handle` of a page that is no place of its own (the 404 page): history only, no tab. */
interface NavigationHandle {
  tab?: false;
}

const isNoTab = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as NavigationHandle).tab === false;

/**
 * Records every page in the history and tabs (one tab per place; not the 404 page), and sets
 * the document title: the `modelName` route parameter when the route has one (docs/PRODUCT.md §2), else
 * the page's human name (a pack's name, the search query) or its last crumb.
 */
export function NavigationTracker() {
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation(['navigation', 'common']);
  const names = useCrumbNames();
  const visit = useNavigationStore((s) => s.visit);
  const path = location.pathname + location.search;
  const tab = !matches.some((match) => isNoTab(match.handle));

  useEffect(() => visit(path, { tab }), [path, tab, visit]);

  const modelName = matches.at(-1)?.params.modelName;
  const page = modelName ?? pageTitleFor(location.pathname, names, t('segments.home'));
  const title = `${page.replace(/^:/, '')} · ${t('common:appName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
