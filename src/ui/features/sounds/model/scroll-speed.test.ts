import { describe, expect, it } from 'vitest';
import { createScrollSpeed } from './scroll-speed.ts';

/** A meter that has seen the grid at each `[top px, at ms]`. */
function after(...moves: [top: number, at: number][]) {
  const speed = createScrollSpeed();
  for (const [top, at] of moves) speed.note(top, at);
  return speed;
}

describe('grid scroll speed', () => {
  it('is fast while the grid moves more than ~50 px per frame, and not once it stops', () => {
    expect(createScrollSpeed().fast(0)).toBe(false);
    const speed = after([0, 1000], [120, 1016.7]);
    expect(speed.fast(1020)).toBe(true);
    expect(speed.fast(1120)).toBe(false);
  });

  it('is not fast at a slow wheel pace or after a single jump from rest', () => {
    const speed = after([0, 1000], [24, 1016.7]);
    expect(speed.fast(1020)).toBe(false);
    speed.note(5000, 2000);
    expect(speed.fast(2010)).toBe(false);
  });

  it('is flinging only above ~250 px per frame, and not once the grid stops', () => {
    const speed = after([0, 1000], [120, 1016.7]);
    expect(speed.flinging(1020)).toBe(false);
    speed.note(720, 1033.4);
    expect(speed.flinging(1040)).toBe(true);
    expect(speed.flinging(1140)).toBe(false);
  });
});
