import { useEffect } from 'react';
import { create } from 'zustand';
import type { CategoryNode, Language, Names, TagCount } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { loadCategoryTree } from '../hooks/use-category-tree.ts';

/**
 * The names of the library's types, groups and tags in both languages: samples carry them as
 * stored (English: `Drums`, `Kick`, `trap`), the UI shows them in its language.
 */
export interface CatalogueLabels {
  /** By `typeKey(category, primary[, secondary])`. */
  readonly types: ReadonlyMap<string, Names>;
  /** By tag as stored. */
  readonly tags: ReadonlyMap<string, Names>;
}

/** The key of a type (primary name) or group (secondary name) in `CatalogueLabels.types`. */
const typeKey = (category: string, primary: string, secondary = ''): string =>
  `${category}\u0000${primary}\u0000${secondary}`;

/** The labels of a category tree and a tag vocabulary. */
export function buildLabels(tree: CategoryNode[], tags: TagCount[]): CatalogueLabels {
  const types = new Map<string, Names>();
  for (const category of tree)
    for (const primary of category.children) {
      types.set(typeKey(category.category, primary.name), primary.names);
      for (const secondary of primary.children)
        types.set(typeKey(category.category, primary.name, secondary.name), secondary.names);
    }
  return { types, tags: new Map(tags.map((tag) => [tag.tag, tag.names])) };
}

const EMPTY: CatalogueLabels = { types: new Map(), tags: new Map() };

/** A type (primary name) or, with `secondary`, a group in `language`; as stored when not known. */
export function typeName(
  labels: CatalogueLabels,
  language: Language,
  category: string,
  primary: string,
  secondary?: string,
): string {
  return (
    labels.types.get(typeKey(category, primary, secondary))?.[language] || (secondary ?? primary)
  );
}

/** "Type · Group" of a sample in `language`. */
export function typeLabel(
  labels: CatalogueLabels,
  sample: { category: string; audioType: string; audioGroup: string },
  language: Language,
): string {
  const { category, audioType, audioGroup } = sample;
  return `${typeName(labels, language, category, audioType)} · ${typeName(labels, language, category, audioType, audioGroup)}`;
}

/** A tag in `language` (as stored when the vocabulary does not name it). */
export const tagLabel = (labels: CatalogueLabels, tag: string, language: Language): string =>
  labels.tags.get(tag)?.[language] || tag;

interface LabelsState {
  labels: CatalogueLabels;
  status: 'idle' | 'loading' | 'ready';
}

const useLabelsStore = create<LabelsState>(() => ({ labels: EMPTY, status: 'idle' }));

/** Fetches the labels once per session (the tree and the whole library's tags); a failure retries later. */
function loadCatalogueLabels(): void {
  if (useLabelsStore.getState().status !== 'idle') return;
  useLabelsStore.setState({ status: 'loading' });
  Promise.all([loadCategoryTree(), catalogueApi.tags()])
    .then(([tree, tags]) =>
      useLabelsStore.setState({ labels: buildLabels(tree, tags), status: 'ready' }),
    )
    .catch(() => useLabelsStore.setState({ status: 'idle' }));
}

/** The labels as loaded so far (rows read this; a list's filter bar or panel loads them). */
export const useCatalogueLabels = (): CatalogueLabels => useLabelsStore((s) => s.labels);

/** The labels, loading them on first use. */
export function useLoadedCatalogueLabels(): CatalogueLabels {
  useEffect(loadCatalogueLabels, []);
  return useCatalogueLabels();
}

/** Sets the labels directly (tests, and a page that already holds the tree and tags). */
export const setCatalogueLabels = (labels: CatalogueLabels): void =>
  useLabelsStore.setState({ labels, status: 'ready' });
