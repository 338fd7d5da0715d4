import { useRef, useState, type DragEvent } from 'react';
import { searchBySound } from '../sound-search.ts';

/** True when the drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Makes an element a drop zone for search by sound: `over` while files are dragged over it
 * (children entering and leaving are counted, so it does not flicker), a drop searches by the
 * dropped file; `onSearched` runs once that search has started (the bar closes its list). Text
 * or links dragged over it are left to the browser.
 */
export function useSoundDrop(onSearched?: () => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      void searchBySound(Array.from(event.dataTransfer.files)).then(
        (started) => started && onSearched?.(),
      );
    },
  };
  return { over, handlers };
}
