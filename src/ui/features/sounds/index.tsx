/** What the layout renders in the sounds frame (docs/PRODUCT.md §2). */
export { SearchBar } from './components/SearchBar.tsx';
export type { SearchBarProps } from './components/SearchBar.tsx';
export { useSearchShortcut } from './hooks/use-search-shortcut.ts';
export { CategorySelect } from './components/CategorySelect.tsx';
export { DetailPanel } from './components/DetailPanel.tsx';
export { SelectionPanel } from './components/SelectionPanel.tsx';
export { SelectionTracker } from './components/SelectionTracker.tsx';
export { loadCategoryTree } from './hooks/use-category-tree.ts';
/** Download as heard: the synced render of a sample as a WAV (rows and the player bar). */
export { dawDrag, downloadSampleAsHeard } from './services.ts';
