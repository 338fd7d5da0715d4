/** One downloaded file as the offline page lists it. */
interface OfflineFile {
  /** Path relative to the download root (`sounds/packs/{brand}/{type}/{name}`). */
  path: string;
  name: string;
  /** `{brand} · {type}`: the folder the shell saved it in. */
  group: string;
}

/** The shell's file list as groups (brand · type), each sorted by name; `filter` narrows by name. */
export function groupFiles(paths: readonly string[], filter = ''): [string, OfflineFile[]][] {
  const wanted = filter.trim().toLowerCase();
  const groups = new Map<string, OfflineFile[]>();
  for (const path of paths) {
    const parts = path.split('/');
    const name = parts.at(-1) ?? path;
    if (wanted && !name.toLowerCase().includes(wanted)) continue;
    const group = parts.slice(2, -1).join(' · ') || '—';
    const list = groups.get(group) ?? [];
    list.push({ path, name, group });
    groups.set(group, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, files]) => [group, files.sort((a, b) => a.name.localeCompare(b.name))]);
}

const MEDIA_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
};

/** A playable Blob of a file the shell read (base64), typed by its extension. */
export function fileBlob(path: string, base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const extension = path.split('.').at(-1)?.toLowerCase() ?? '';
  return new Blob([bytes], { type: MEDIA_TYPES[extension] ?? 'application/octet-stream' });
}
