import type { Category } from '../../src/shared/api/catalogue.types.ts';
import { encodePng } from './png-writer.ts';
import { Rng } from './prng.ts';

/** Side of a pack cover in pixels. */
export const COVER_SIZE = 256;

function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** The motifs a pack cover can carry. */
const COVER_MOTIFS = [
  'rings',
  'bars',
  'burst',
  'moon',
  'stripes',
  'dots',
  'waves',
  'blocks',
] as const;

/** One motif of a pack cover. */
type CoverMotif = (typeof COVER_MOTIFS)[number];

/** The motif each category draws most often, so a category still has a family look. */
const HOME_MOTIF: Record<Category, CoverMotif> = {
  instruments: 'rings',
  genres: 'bars',
  cinematicFx: 'burst',
  chineseStyle: 'moon',
};

/**
 * The motif of a pack's cover: its category's motif for about a third of the packs, any other
 * for the rest, so packs of one category look different from each other (issue 17 §8).
 */
export function coverMotif(seed: number, category: Category): CoverMotif {
  const rng = new Rng(seed ^ 0x5bd1e995);
  return rng.chance(0.35) ? HOME_MOTIF[category] : rng.pick(COVER_MOTIFS);
}

/** How much of the motif's ink covers the point (u, v) of the unit square (0–1). */
function motifInk(motif: CoverMotif, u: number, v: number, p: readonly number[]): number {
  const dx = u - 0.5;
  const dy = v - 0.5;
  const r = Math.hypot(dx, dy);
  switch (motif) {
    case 'rings':
      return Math.abs(Math.sin(r * (40 + p[0]! * 40))) > 0.85 && r < 0.42 ? 0.75 : 0;
    case 'bars': {
      const count = 8 + Math.floor(p[1]! * 8);
      const bar = Math.floor(u * count);
      const inBar = u * count - bar > 0.2 && u * count - bar < 0.8;
      const height = 0.2 + 0.65 * Math.abs(Math.sin(bar * 12.9898 + p[2]! * 78.233));
      return inBar && 1 - v < height && v < 0.92 ? 0.8 : 0;
    }
    case 'burst': {
      const angle = Math.atan2(dy, dx);
      const rays = 8 + Math.floor(p[3]! * 12);
      return Math.min(
        1,
        Math.max(0, Math.cos(angle * rays) ** 16) * Math.max(0, 1 - r * 1.8) +
          Math.max(0, 0.12 - r) * 6,
      );
    }
    case 'moon': {
      const moon = Math.hypot(u - 0.3 - p[0]! * 0.4, v - 0.3) < 0.13 ? 0.85 : 0;
      const far = v > 0.62 + 0.06 * Math.sin(u * (1.5 + p[1]! * 1.5) * 6.28 + p[2]! * 6) ? 0.35 : 0;
      const near = v > 0.74 + 0.05 * Math.sin(u * (2.5 + p[3]! * 1.5) * 6.28 + p[0]! * 6) ? 0.6 : 0;
      return Math.max(moon, far, near);
    }
    case 'stripes': {
      const angle = p[0]! * Math.PI;
      const t = u * Math.cos(angle) + v * Math.sin(angle);
      return (t * (6 + p[1]! * 10)) % 1 < 0.35 ? 0.6 : 0;
    }
    case 'dots': {
      const n = 5 + Math.floor(p[2]! * 5);
      const cx = (u * n) % 1;
      const cy = (v * n) % 1;
      const radius = 0.18 + 0.5 * p[3]! * ((Math.floor(u * n) + Math.floor(v * n)) % 2 ? 0.5 : 1);
      return Math.hypot(cx - 0.5, cy - 0.5) < radius ? 0.7 : 0;
    }
    case 'waves': {
      const lines = 5 + Math.floor(p[1]! * 6);
      const y = v + 0.05 * Math.sin(u * (4 + p[0]! * 8) * Math.PI + p[2]! * 6);
      return Math.abs(((y * lines) % 1) - 0.5) < 0.08 ? 0.75 : 0;
    }
    case 'blocks': {
      const n = 3 + Math.floor(p[3]! * 4);
      const cell = Math.floor(u * n) * 31 + Math.floor(v * n) * 17;
      return Math.abs(Math.sin(cell * 0.7 + p[0]! * 10)) > 0.55 ? 0.45 : 0;
    }
  }
}

/**
 * A 256×256 pack cover: a diagonal two-colour gradient with a motif chosen per pack (rings,
 * equaliser bars, a light burst, a moon over mountains, stripes, dots, waves or blocks), its
 * shape and colours drawn from the pack's seed: deterministic, and different between packs.
 */
export function renderCover(seed: number, category: Category): Uint8Array {
  const rng = new Rng(seed);
  const size = COVER_SIZE;
  const hue = rng.range(0, 360);
  const a = hsl(hue, 0.65, category === 'cinematicFx' ? 0.18 : 0.32);
  const b = hsl((hue + rng.range(40, 140)) % 360, 0.7, category === 'cinematicFx' ? 0.35 : 0.55);
  const ink = hsl((hue + 180) % 360, 0.8, 0.82);
  const params = [rng.next(), rng.next(), rng.next(), rng.next()];
  const motif = coverMotif(seed, category);
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const g = (u + v) / 2;
      const mix = Math.min(1, motifInk(motif, u, v, params));
      const at = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = a[c]! * (1 - g) + b[c]! * g;
        rgb[at + c] = Math.round(base * (1 - mix) + ink[c]! * mix);
      }
    }
  return encodePng(size, size, rgb);
}
