/** Navigation aids: breadcrumbs, tabs of opened pages, history buttons, the tracker. */
export { Breadcrumbs } from './Breadcrumbs.tsx';
export { TabsBar } from './TabsBar.tsx';
export { HistoryButtons } from './HistoryButtons.tsx';
export { NavigationTracker } from './NavigationTracker.tsx';
export { crumbsFor, pageTitleFor } from './crumbs.ts';
export type { Crumb } from './crumbs.ts';
export { useSegmentLabel } from './use-segment-label.ts';
