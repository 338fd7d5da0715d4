import type { DragEvent } from 'react';
import type { Sample } from '../../../shared/index.ts';
import type { DawDrag } from '../../features/downloads/index.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';

/**
 * Props that make a part of the player bar drag its song out of the desktop window into a DAW
 * (docs/DESKTOP.md, "Drag into the DAW"): the row's own drag, so the same credit rules and the
 * as-heard render with Sync on. None in a plain browser, or for a song that is no catalogue
 * sample (the player also plays songs without a file name or analysis).
 */
export function dragOutProps(drag: DawDrag | undefined, song: PlayerSong | null) {
  if (!drag?.enabled() || !song?.audioData || !song.audioName) return {};
  const sample = song as Sample;
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => drag.start(event, sample),
    onPointerDown: () => void drag.prepare(sample),
    onPointerEnter: () => drag.hover(sample),
    onPointerLeave: drag.leave,
  };
}
