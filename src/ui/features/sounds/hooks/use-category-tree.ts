import { useEffect, useState } from 'react';
import type { CategoryNode } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';

let cached: Promise<CategoryNode[]> | null = null;

/** The category tree, fetched once per session (it changes only when the library is re-seeded). */
export function useCategoryTree(): CategoryNode[] | null {
  const [tree, setTree] = useState<CategoryNode[] | null>(null);
  useEffect(() => {
    let live = true;
    cached ??= catalogueApi.tree().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    cached.then((value) => live && setTree(value)).catch(() => live && setTree([]));
    return () => {
      live = false;
    };
  }, []);
  return tree;
}
