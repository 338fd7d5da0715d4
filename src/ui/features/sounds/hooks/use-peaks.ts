import { peaksCache } from '../services.ts';
import { useSettledLoad } from './use-settled-load.ts';

/**
 * A sample's waveform peaks: at once when cached, else fetched once the row stays on screen
 * (a row without them draws a flat line, "not loaded").
 */
export function usePeaks(id: number): number[] | undefined {
  return useSettledLoad(peaksCache(), id);
}
