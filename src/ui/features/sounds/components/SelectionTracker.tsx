import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSelection } from '../model/selection.store.ts';

/**
 * Tells the selection store which page is shown, so a selection is cleared when the user leaves
 * the list it was made in (docs/SOUNDS.md, "Search, breadcrumb select, selection, detail panel").
 * Mounted once at the root: leaving for a page without a list counts as leaving too.
 */
export function SelectionTracker() {
  const { pathname } = useLocation();
  useEffect(() => useSelection.getState().enterList(pathname), [pathname]);
  return null;
}
