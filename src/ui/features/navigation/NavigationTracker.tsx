import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNavigationStore } from '../../stores/navigation.store.ts';
import { pageTitleFor } from './crumbs.ts';
import { useSegmentLabel } from './use-segment-label.ts';

/**
 * Records every page in the history and tabs, and sets the document title: the `modelName`
 * route parameter when the route has one (SPEC §2), else the page's name.
 */
export function NavigationTracker() {
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation(['navigation', 'common']);
  const label = useSegmentLabel();
  const visit = useNavigationStore((s) => s.visit);
  const path = location.pathname + location.search;

  useEffect(() => visit(path), [path, visit]);

  const modelName = matches.at(-1)?.params.modelName;
  const page = modelName ?? pageTitleFor(location.pathname, label, t('segments.home'));
  const title = `${page.replace(/^:/, '')} · ${t('common:appName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
