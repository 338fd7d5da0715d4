import { useEffect, useState } from 'react';
import { peaksCache } from '../services.ts';

/** Waits this long before fetching, so rows flying past during a fast scroll never ask. */
const SETTLE_MS = 120;

/** A sample's waveform peaks: at once when cached, else fetched once the row stays on screen. */
export function usePeaks(id: number): number[] | undefined {
  const [loaded, setLoaded] = useState<{ id: number; peaks: number[] } | null>(null);
  const cached = peaksCache().peek(id);
  useEffect(() => {
    if (peaksCache().peek(id)) return;
    let live = true;
    const timer = setTimeout(() => {
      peaksCache()
        .load(id)
        .then((peaks) => live && setLoaded({ id, peaks }))
        .catch(() => {
          // A row without a waveform still plays; the flat line says "not loaded".
        });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return cached ?? (loaded?.id === id ? loaded.peaks : undefined);
}
