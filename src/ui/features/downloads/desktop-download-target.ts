import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import type { DownloadTarget, SaveRequest, SavedFile } from './download-target.ts';

/** Bytes per chunk sent over the bridge: large files never cross it as one message. */
const DESKTOP_CHUNK_BYTES = 1024 * 1024;

/** Base64 of some bytes (btoa takes a binary string, built in slices to bound argument lists). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The blob as base64 chunks, read one slice at a time. */
export async function* base64Chunks(data: Blob, chunkBytes = DESKTOP_CHUNK_BYTES) {
  for (let start = 0; start < data.size; start += chunkBytes)
    yield bytesToBase64(new Uint8Array(await data.slice(start, start + chunkBytes).arrayBuffer()));
}

/**
 * A download target inside the desktop shell: the shell writes the file under its download root
 * (`sounds/packs/{brand}/{type}/`), sanitising the names again and never overwriting.
 */
export function createDesktopDownloadTarget(bridge: DesktopBridge): DownloadTarget {
  return {
    kind: 'desktop',
    async prepare() {},
    save({ folders, fileName, data }: SaveRequest): Promise<SavedFile> {
      return bridge.saveFile({ folders, fileName, chunks: base64Chunks(data) });
    },
  };
}
