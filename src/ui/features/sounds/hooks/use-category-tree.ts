import { useEffect, useState } from 'react';
import type { CategoryNode } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';

let cached: Promise<CategoryNode[]> | null = null;

/** The category tree, fetched once per session (a failure is retried on the next call). */
export function loadCategoryTree(): Promise<CategoryNode[]> {
  cached ??= catalogueApi.tree().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** The category tree, fetched once per session (it changes only when the library is re-seeded). */
export function useCategoryTree(): CategoryNode[] | null {
  const [tree, setTree] = useState<CategoryNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadCategoryTree()
      .then((value) => live && setTree(value))
      .catch(() => live && setTree([]));
    return () => {
      live = false;
    };
  }, []);
  return tree;
}
