import { useEffect, useState } from 'react';
import { gridScrollSpeed } from '../model/scroll-speed.ts';
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
    const attempt = () => {
      // Still flying past: wait until the grid slows down (a row's loads cost most of a frame).
      if (gridScrollSpeed.fast()) {
        timer = setTimeout(attempt, SETTLE_MS);
        return;
      }
      peaksCache()
        .load(id)
        .then((peaks) => live && setLoaded({ id, peaks }))
        .catch(() => {
          // A row without a waveform still plays; the flat line says "not loaded".
        });
    };
    let timer = setTimeout(attempt, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return cached ?? (loaded?.id === id ? loaded.peaks : undefined);
}
