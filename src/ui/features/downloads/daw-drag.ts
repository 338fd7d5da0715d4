import type { Sample } from '../../../shared/index.ts';
import { safeFileName } from '../../../shared/safe-name.ts';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { base64Chunks } from './desktop-download-target.ts';
import type { FileTransform } from './download-flow.ts';

/** The sample fields a drag needs. */
type DraggedSample = Pick<Sample, 'id' | 'audioName' | 'audioData' | 'download'>;

/** What a drag into the DAW talks to. */
export interface DawDragDeps {
  /** The desktop shell's bridge, or null in a plain browser (no drag into the DAW there). */
  bridge(): DesktopBridge | null;
  /** The original file of an acquired sample (no new grant or charge). */
  file(id: number): Promise<Blob>;
  /** The row is acquired (its download flag). */
  owned(sample: DraggedSample): boolean;
  /** The as-heard render with Sync on (`key` names the settings it was made for), else null. */
  asHeard(sample: DraggedSample): { key: string; transform: FileTransform } | null;
  /** The row's download: a drag of something not yet acquired asks first, as a download does. */
  download(sample: DraggedSample): void;
  now?: () => number;
}

/** A file the shell serves for a drag: its DownloadURL and until when it may be used (ms). */
interface Prepared {
  key: string;
  downloadUrl: string;
  until: number;
}

/** How long the pointer rests on a row before its file is handed to the shell (ms). */
const HOVER_DWELL_MS = 250;

const MIME: Record<string, string> = {
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
};

/**
 * Dragging a row out of the desktop window into a DAW or a file manager (docs/DESKTOP.md, "Drag
 * into the DAW"). Chromium's `DownloadURL` drag data must be set synchronously in `dragstart`,
 * so the file is handed to the shell ahead, when the row is hovered or pressed: the original
 * (acquired, so no charge) or the as-heard render with Sync on. The shell serves it on a loopback
 * URL for a short time. In a plain browser nothing is set: the row's download button stays.
 */
export function createDawDrag(deps: DawDragDeps) {
  const now = deps.now ?? Date.now;
  const prepared = new Map<number, Prepared>();
  const preparing = new Map<number, Promise<void>>();
  const usable = (sample: DraggedSample, key: string) => {
    const entry = prepared.get(sample.id);
    return entry && entry.key === key && entry.until > now() ? entry : undefined;
  };

  async function fill(sample: DraggedSample, bridge: DesktopBridge): Promise<void> {
    const heard = deps.asHeard(sample);
    const key = heard?.key ?? 'original';
    if (usable(sample, key)) return;
    const original = await deps.file(sample.id);
    const file = heard
      ? await heard.transform(original)
      : {
          data: original,
          fileName: safeFileName(sample.audioName, sample.audioData.format),
        };
    const ext = /\.([^.]+)$/.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
    const mime = MIME[ext] ?? 'application/octet-stream';
    const offer = await bridge.offerDrag({
      fileName: file.fileName,
      mime,
      chunks: base64Chunks(file.data),
    });
    // The URL is dropped a fifth of its life early: a drag started then still has time to land.
    prepared.set(sample.id, {
      key,
      downloadUrl: `${mime}:${offer.fileName.replaceAll(':', '_')}:${offer.url}`,
      until: now() + offer.lifetimeMs * 0.8,
    });
  }

  /** Hands an acquired row's file to the shell ahead of a drag; never rejects. */
  function prepare(sample: DraggedSample): Promise<void> {
    const bridge = deps.bridge();
    if (!bridge || !deps.owned(sample)) return Promise.resolve();
    const running = preparing.get(sample.id);
    if (running) return running;
    const job = fill(sample, bridge)
      .catch(() => {
        // A failed preparation leaves the drag plain; the row's download still works.
      })
      .finally(() => preparing.delete(sample.id));
    preparing.set(sample.id, job);
    return job;
  }

  let dwell: ReturnType<typeof setTimeout> | undefined;
  return {
    /** True where a row drag can carry a file (inside the desktop shell). */
    enabled: () => deps.bridge() !== null,
    prepare,
    /** The pointer rests on a row: its file is prepared after a short dwell (not on a sweep). */
    hover(sample: DraggedSample): void {
      clearTimeout(dwell);
      dwell = setTimeout(() => void prepare(sample), HOVER_DWELL_MS);
    },
    /** The pointer left the row before the dwell ended. */
    leave: () => clearTimeout(dwell),

    /** `dragstart` of a row: sets `DownloadURL` when its file is ready; asks first when not owned. */
    start(event: Pick<DragEvent, 'dataTransfer' | 'preventDefault'>, sample: DraggedSample): void {
      if (!deps.bridge()) return;
      if (!deps.owned(sample)) {
        event.preventDefault();
        deps.download(sample);
        return;
      }
      const key = deps.asHeard(sample)?.key ?? 'original';
      const ready = usable(sample, key);
      if (ready && event.dataTransfer) {
        event.dataTransfer.effectAllowed = 'copy';
        event.dataTransfer.setData('DownloadURL', ready.downloadUrl);
      } else void prepare(sample);
    },
  };
}

/** A drag into the DAW, as the app wires it. */
export type DawDrag = ReturnType<typeof createDawDrag>;
