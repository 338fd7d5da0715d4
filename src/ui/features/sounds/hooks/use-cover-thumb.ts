import { useEffect, useState } from 'react';
import { gridScrollSpeed } from '../model/scroll-speed.ts';
import { createLoadingCache } from '../model/lru-cache.ts';

/** Waits this long before loading, so rows flying past during a fast scroll never ask. */
const SETTLE_MS = 120;
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

/** A row cover's thumbnail URL: at once when cached, else made once the row stays on screen. */
export function useCoverThumb(url: string, cssSide: number): string | undefined {
  const side = Math.round(cssSide * (globalThis.devicePixelRatio || 1));
  const key = `${side} ${url}`;
  const [loaded, setLoaded] = useState<{ key: string; thumb: string } | null>(null);
  const cached = thumbs.peek(key);
  useEffect(() => {
    if (thumbs.peek(key)) return;
    let live = true;
    const attempt = () => {
      // Still flying past: wait until the grid slows down (a row's loads cost most of a frame).
      if (gridScrollSpeed.fast()) {
        timer = setTimeout(attempt, SETTLE_MS);
        return;
      }
      thumbs
        .load(key)
        .then((thumb) => live && setLoaded({ key, thumb }))
        .catch(() => {
          // The cover's background colour stands in; the row still plays.
        });
    };
    let timer = setTimeout(attempt, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return cached ?? (loaded?.key === key ? loaded.thumb : undefined);
}
