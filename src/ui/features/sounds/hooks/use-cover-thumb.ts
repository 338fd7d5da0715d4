import { createLoadingCache } from '../model/lru-cache.ts';
import { useSettledLoad } from './use-settled-load.ts';

/** Thumbnails kept (object URLs are revoked when dropped). */
const THUMB_LIMIT = 300;

/**
 * A cover shrunk to `side` device pixels, as an object URL of a small PNG. Pack covers are 256 px:
 * drawn at 40 px, software rasterisation rescaled every one of them as rows scrolled in, which was
 * most of the scroll cost at 100k rows. Without the APIs (jsdom) the original URL is kept.
 */
async function shrinkCover(url: string, side: number): Promise<string> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return url;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cover ${url}: ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob(), {
    resizeWidth: side,
    resizeHeight: side,
    resizeQuality: 'medium',
  });
  const canvas = new OffscreenCanvas(side, side);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return URL.createObjectURL(await canvas.convertToBlob());
}

/** Thumbnails keyed by `"{side} {url}"` (cover URLs have no spaces), so a new pixel ratio redraws. */
const thumbs = createLoadingCache<string, string>(
  (key) => {
    const space = key.indexOf(' ');
    return shrinkCover(key.slice(space + 1), Number(key.slice(0, space)));
  },
  THUMB_LIMIT,
  (thumb) => {
    if (thumb.startsWith('blob:')) URL.revokeObjectURL(thumb);
  },
);

/**
 * A row cover's thumbnail URL: at once when cached, else made once the row stays on screen (the
 * cover's background colour stands in until then, or for good when it fails).
 */
export function useCoverThumb(url: string, cssSide: number): string | undefined {
  const side = Math.round(cssSide * (globalThis.devicePixelRatio || 1));
  return useSettledLoad(thumbs, `${side} ${url}`);
}
