import { describe, expect, it, vi } from 'vitest';
import type { DawDrag } from '../../features/downloads/index.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';
import { dragOutProps } from './player-drag.ts';

/** A drag into the DAW that records its calls; `enabled` as in the shell or a plain browser. */
function fakeDrag(enabled: boolean) {
  return {
    enabled: () => enabled,
    start: vi.fn(),
    prepare: vi.fn(() => Promise.resolve()),
    hover: vi.fn(),
    leave: vi.fn(),
  } as unknown as DawDrag & Record<'start' | 'prepare' | 'hover', ReturnType<typeof vi.fn>>;
}

const sample = {
  id: 7,
  audioName: 'Kick 01',
  audioData: { format: 'wav', sampleRate: 44100, channels: 1, kind: 'oneshot' },
} as unknown as PlayerSong;

describe('the player bar dragged out', () => {
  it('drags the song through the row drag inside the desktop shell', () => {
    const drag = fakeDrag(true);
    const props = dragOutProps(drag, sample);
    expect(props.draggable).toBe(true);
    const event = { dataTransfer: null, preventDefault: () => {} };
    props.onDragStart?.(event as never);
    props.onPointerEnter?.();
    props.onPointerDown?.();
    expect(drag.start).toHaveBeenCalledWith(event, sample);
    expect(drag.hover).toHaveBeenCalledWith(sample);
    expect(drag.prepare).toHaveBeenCalledWith(sample);
  });

  it('is not draggable in a plain browser, with nothing playing, or for a song that is no sample', () => {
    expect(dragOutProps(fakeDrag(false), sample)).toEqual({});
    expect(dragOutProps(undefined, sample)).toEqual({});
    expect(dragOutProps(fakeDrag(true), null)).toEqual({});
    expect(dragOutProps(fakeDrag(true), { id: 3, audioName: 'AI song' })).toEqual({});
  });
});
