import { encodePng } from './png-writer.ts';
import { createRng } from './prng.ts';
import type { StyleId } from './song-styles.ts';

/** Cover side in pixels. */
export const COVER_SIZE = 320;

type Rgb = readonly [number, number, number];

// Two gradient colours and an accent per style, so a cover hints at the genre.
const PALETTES: Record<StyleId, readonly [string, string, string]> = {
  lofi: ['#3e2c56', '#d68e6e', '#ffdcaa'],
  edm: ['#0c0a30', '#00aaff', '#ff28c8'],
  ambient: ['#123048', '#78bec8', '#ebf5fa'],
  guofeng: ['#ece4d2', '#962828', '#1e1e1e'],
  trap: ['#0a0a0c', '#46145a', '#c8c8d2'],
  synthpop: ['#280a46', '#ff5a8c', '#ffd250'],
};

/** `#rrggbb` as its three channels. */
const rgb = (hex: string): Rgb => {
  const at = (from: number) => parseInt(hex.slice(from, from + 2), 16);
  return [at(1), at(3), at(5)];
};

const mix = (a: number, b: number, t: number): number => Math.round(a + (b - a) * t);

/** Rotates a colour's hue by `degrees` (luminance-preserving RGB rotation), so covers of one style differ. */
function rotateHue([r, g, b]: Rgb, degrees: number): Rgb {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const k = (1 - cos) / 3;
  const s = Math.sqrt(1 / 3) * sin;
  return [
    clamp(r * (cos + k) + g * (k - s) + b * (k + s)),
    clamp(r * (k + s) + g * (cos + k) + b * (k - s)),
    clamp(r * (k - s) + g * (k + s) + b * (cos + k)),
  ];
}

/** Draws a deterministic cover (gradient, sun disc, wave lines, grain) and encodes it as PNG. */
export function renderCoverPng(style: StyleId, seed: number, size = COVER_SIZE): Uint8Array {
  const rng = createRng(seed ^ 0xc0ffee);
  const shift = (rng() - 0.5) * 70;
  const [top, bottom, accent] = PALETTES[style].map((colour) => rotateHue(rgb(colour), shift)) as [
    Rgb,
    Rgb,
    Rgb,
  ];
  const sun = { x: size * (0.25 + rng() * 0.5), y: size * (0.25 + rng() * 0.3), r: size * 0.18 };
  const waves = 3 + Math.floor(rng() * 4);
  const freq = 2 + rng() * 4;
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = y / (size - 1);
      let rgb = [mix(top[0], bottom[0], t), mix(top[1], bottom[1], t), mix(top[2], bottom[2], t)];
      const d = Math.hypot(x - sun.x, y - sun.y);
      if (d < sun.r) rgb = [...accent];
      else if (d < sun.r * 1.6) {
        const glow = 1 - (d - sun.r) / (sun.r * 0.6);
        rgb = rgb.map((c, i) => mix(c, accent[i]!, glow * 0.35));
      }
      for (let w = 0; w < waves; w++) {
        const baseline = size * (0.6 + (w * 0.32) / waves);
        const wave = baseline + Math.sin((x / size) * Math.PI * freq + w * 1.3) * size * 0.03;
        if (Math.abs(y - wave) < 1.6) rgb = rgb.map((c, i) => mix(c, accent[i]!, 0.7));
      }
      const grain = (rng() - 0.5) * 14;
      const o = (y * size + x) * 3;
      pixels[o] = clamp(rgb[0]! + grain);
      pixels[o + 1] = clamp(rgb[1]! + grain);
      pixels[o + 2] = clamp(rgb[2]! + grain);
    }
  }
  return encodePng(size, size, pixels, { level: 9 });
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
