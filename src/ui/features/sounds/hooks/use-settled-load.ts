import { useEffect, useState } from 'react';
import { gridScrollSpeed } from '../model/scroll-speed.ts';

/** Waits this long before loading, so rows flying past during a fast scroll never ask. */
const SETTLE_MS = 120;

/** The part of a loading cache (`createLoadingCache`) a row needs. */
interface RowCache<K, V> {
  peek(key: K): V | undefined;
  load(key: K): Promise<V>;
}

/**
 * A row's value from `cache`: at once when cached, else loaded once the row has stayed on screen
 * and the grid is no longer flying (a row's loads cost most of a frame). A failed load leaves it
 * undefined: the row still shows and plays without it.
 */
export function useSettledLoad<K, V>(cache: RowCache<K, V>, key: K): V | undefined {
  const [loaded, setLoaded] = useState<{ key: K; value: V } | null>(null);
  const cached = cache.peek(key);
  useEffect(() => {
    if (cache.peek(key) !== undefined) return;
    let live = true;
    const attempt = () => {
      if (gridScrollSpeed.fast()) {
        timer = setTimeout(attempt, SETTLE_MS);
        return;
      }
      cache
        .load(key)
        .then((value) => live && setLoaded({ key, value }))
        .catch(() => {});
    };
    let timer = setTimeout(attempt, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [cache, key]);
  return cached ?? (loaded?.key === key ? loaded.value : undefined);
}
