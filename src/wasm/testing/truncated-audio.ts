/** Test-only: whole files cut the ways a copy or a download gets cut (the truncation tests). */

/** The first `share` of a file's bytes (a copy stopped part way). */
export function cutShare(bytes: Uint8Array, share: number): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * share));
}

/** Where each page of an intact Ogg file starts, walked by the page sizes from the first. */
export function oggPageStarts(ogg: Uint8Array): number[] {
  const starts: number[] = [];
  for (let at = 0; at + 27 <= ogg.length;) {
    starts.push(at);
    const segments = ogg[at + 26]!;
    let size = 27 + segments;
    for (let i = 0; i < segments; i++) size += ogg[at + 27 + i]!;
    at += size;
  }
  return starts;
}

/** An Ogg file cut at the first page boundary past `share` of it: whole pages, no EOS page. */
export function cutAtOggPage(ogg: Uint8Array, share: number): Uint8Array {
  const end = oggPageStarts(ogg).find((at) => at >= ogg.length * share) ?? ogg.length;
  return ogg.slice(0, end);
}
