import { crc32, deflateSync } from 'node:zlib';
import type { Category } from '../../src/shared/api/catalogue.types.ts';
import { Rng } from './prng.ts';

/** Side of a pack cover in pixels. */
export const COVER_SIZE = 256;

/** Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter type None
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const chunks = [
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  const out = new Uint8Array(8 + chunks.reduce((n, c) => n + c.length, 0));
  out.set(signature);
  let at = 8;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * A 256×256 pack cover: a diagonal two-colour gradient with a motif per category — rings
 * (instruments), equaliser bars (genres), a light burst (cinematic FX), a moon over
 * mountains (Chinese style).
 */
export function renderCover(seed: number, category: Category): Uint8Array {
  const rng = new Rng(seed);
  const size = COVER_SIZE;
  const hue = rng.range(0, 360);
  const a = hsl(hue, 0.65, category === 'cinematicFx' ? 0.18 : 0.32);
  const b = hsl((hue + rng.range(40, 140)) % 360, 0.7, category === 'cinematicFx' ? 0.35 : 0.55);
  const ink = hsl((hue + 180) % 360, 0.8, 0.82);
  const bars = Array.from({ length: 12 }, () => rng.range(0.2, 0.85));
  const ridges = [rng.range(0, 6), rng.range(0, 6), rng.range(1.5, 3), rng.range(2.5, 4)];
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const g = (u + v) / 2;
      let mix = 0;
      const dx = u - 0.5;
      const dy = v - 0.5;
      const r = Math.hypot(dx, dy);
      if (category === 'instruments') {
        mix = Math.abs(Math.sin(r * 60)) > 0.85 && r < 0.42 ? 0.75 : 0;
      } else if (category === 'genres') {
        const bar = Math.floor(u * 12);
        const inBar = u * 12 - bar > 0.2 && u * 12 - bar < 0.8;
        mix = inBar && 1 - v < bars[bar]! && v < 0.92 ? 0.8 : 0;
      } else if (category === 'cinematicFx') {
        const angle = Math.atan2(dy, dx);
        mix =
          Math.max(0, Math.cos(angle * 14) ** 16) * Math.max(0, 1 - r * 1.8) +
          Math.max(0, 0.12 - r) * 6;
      } else {
        const moon = Math.hypot(u - 0.68, v - 0.3) < 0.13 ? 0.85 : 0;
        const far = v > 0.62 + 0.06 * Math.sin(u * ridges[2]! * 6.28 + ridges[0]!) ? 0.35 : 0;
        const near = v > 0.74 + 0.05 * Math.sin(u * ridges[3]! * 6.28 + ridges[1]!) ? 0.6 : 0;
        mix = Math.max(moon, far, near);
      }
      mix = Math.min(1, mix);
      const at = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = a[c]! * (1 - g) + b[c]! * g;
        rgb[at + c] = Math.round(base * (1 - mix) + ink[c]! * mix);
      }
    }
  return encodePng(size, size, rgb);
}
