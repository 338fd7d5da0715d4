import { describe, expect, it, vi } from 'vitest';
import type { Sample } from '../../../shared/index.ts';
import type {
  DesktopBridge,
  DesktopDragRequest,
} from '../../../shared/desktop-bridge/bridge.types.ts';
import { createDawDrag, type DawDragDeps } from './daw-drag.ts';

const sample = {
  id: 7,
  audioName: 'Kick: 808',
  download: true,
  audioData: { format: 'wav' },
} as unknown as Sample;

/** A drag event whose data is kept in a plain map. */
function dragEvent() {
  const data = new Map<string, string>();
  const event = {
    dataTransfer: { effectAllowed: 'all', setData: (k: string, v: string) => data.set(k, v) },
    preventDefault: vi.fn(),
  };
  return { event: event as unknown as DragEvent, data };
}

function setUp(over: Partial<DawDragDeps> = {}) {
  let clock = 0;
  const offered: { request: DesktopDragRequest; bytes: string }[] = [];
  const bridge = {
    async offerDrag(request: DesktopDragRequest) {
      let bytes = '';
      for await (const chunk of request.chunks as AsyncIterable<string>) bytes += atob(chunk);
      offered.push({ request, bytes });
      return {
        url: 'http://127.0.0.1:9/drag/abc/x.wav',
        fileName: request.fileName,
        lifetimeMs: 10_000,
      };
    },
  } as unknown as DesktopBridge;
  const deps: DawDragDeps = {
    bridge: () => bridge,
    file: async () => new Blob(['RIFF-original']),
    owned: (s) => s.download,
    asHeard: () => null,
    download: vi.fn(),
    now: () => clock,
    ...over,
  };
  return { drag: createDawDrag(deps), deps, offered, tick: (ms: number) => (clock += ms) };
}

describe('dragging a row into the DAW', () => {
  it('sets DownloadURL to the shell’s URL once the original is handed over', async () => {
    const { drag, offered } = setUp();
    const early = dragEvent();
    drag.start(early.event, sample);
    expect(early.data.has('DownloadURL')).toBe(false);
    await drag.prepare(sample);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.bytes).toBe('RIFF-original');
    expect(offered[0]!.request.mime).toBe('audio/wav');
    const { event, data } = dragEvent();
    drag.start(event, sample);
    expect(data.get('DownloadURL')).toBe(
      `audio/wav:${offered[0]!.request.fileName.replaceAll(':', '_')}:http://127.0.0.1:9/drag/abc/x.wav`,
    );
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('prepares again once the URL is near its end', async () => {
    const { drag, offered, tick } = setUp();
    await drag.prepare(sample);
    tick(8_000);
    const { event, data } = dragEvent();
    drag.start(event, sample);
    expect(data.has('DownloadURL')).toBe(false);
    await vi.waitFor(() => expect(offered).toHaveLength(2));
  });

  it('hands over the as-heard render with Sync on, and again when the settings change', async () => {
    let key = '120 C';
    const { drag, offered } = setUp({
      asHeard: () => ({
        key,
        transform: async () => ({ data: new Blob(['RIFF-heard']), fileName: `Kick (${key}).wav` }),
      }),
    });
    await drag.prepare(sample);
    expect(offered[0]!.bytes).toBe('RIFF-heard');
    key = '90 Am';
    await drag.prepare(sample);
    expect(offered.map((o) => o.request.fileName)).toEqual([
      'Kick (120 C).wav',
      'Kick (90 Am).wav',
    ]);
  });

  it('a row not acquired asks first (the download) and carries nothing', async () => {
    const { drag, deps, offered } = setUp();
    const notOwned = { ...sample, download: false };
    await drag.prepare(notOwned);
    const { event, data } = dragEvent();
    drag.start(event, notOwned);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(deps.download).toHaveBeenCalledWith(notOwned);
    expect(data.size).toBe(0);
    expect(offered).toHaveLength(0);
  });

  it('does nothing in a plain browser', async () => {
    const { drag, deps } = setUp({ bridge: () => null });
    expect(drag.enabled()).toBe(false);
    await drag.prepare(sample);
    const { event, data } = dragEvent();
    drag.start(event, { ...sample, download: false });
    expect(data.size).toBe(0);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(deps.download).not.toHaveBeenCalled();
  });

  it('a failed hand-over leaves the drag plain and rejects nothing', async () => {
    const { drag } = setUp({ file: () => Promise.reject(new Error('offline')) });
    await expect(drag.prepare(sample)).resolves.toBeUndefined();
    const { event, data } = dragEvent();
    drag.start(event, sample);
    expect(data.size).toBe(0);
  });
});
