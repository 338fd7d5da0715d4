import { useState, type DragEvent } from 'react';

/**
 * A drop zone for files (a pack upload, a spreadsheet, a beat): `over` while something is dragged
 * over it, so the zone can light up; a drop hands its files to `onFiles`. The handlers go on the
 * zone's element as they are (`{...handlers}`).
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [over, setOver] = useState(false);
  const handlers = {
    onDragOver(event: DragEvent) {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      setOver(false);
      onFiles(event.dataTransfer.files);
    },
  };
  return { over, handlers };
}
