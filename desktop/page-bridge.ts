import type {
  DesktopBridge,
  DesktopDragRequest,
  DesktopSaveRequest,
  DESKTOP_BINDINGS,
} from '../src/shared/desktop-bridge/bridge.types.ts';

/** What the page script is given: the shell's version and the names to use. */
interface PageBridgeConfig {
  version: string;
  globalName: string;
  bindings: typeof DESKTOP_BINDINGS;
}

/**
 * Runs IN THE PAGE as an init script (Playwright serialises it: no imports or outer references
 * inside). Defines the frozen `window.yinkuDesktop` over the shell's bindings; a save streams its
 * chunks one call at a time and aborts (removing the temp file) when anything fails.
 */
export function installPageBridge(config: PageBridgeConfig): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  if (scope[config.globalName]) return;
  const call = (name: keyof PageBridgeConfig['bindings'], ...args: unknown[]): Promise<any> => {
    const binding = scope[config.bindings[name]];
    if (typeof binding !== 'function')
      return Promise.reject(new Error(`The desktop bridge is not available (${name})`));
    return (binding as (...values: unknown[]) => Promise<unknown>)(...args);
  };

  async function saveFile(request: DesktopSaveRequest) {
    if (typeof request !== 'object' || request === null)
      throw new Error('saveFile takes {folders, fileName, dataBase64 | chunks}');
    const { dataBase64, chunks } = request;
    if (typeof dataBase64 !== 'string' && (typeof chunks !== 'object' || chunks === null))
      throw new Error('saveFile needs dataBase64 or chunks');
    const token = await call('saveBegin', request.folders, request.fileName);
    try {
      if (typeof dataBase64 === 'string') await call('saveChunk', token, dataBase64);
      else
        for await (const chunk of chunks as AsyncIterable<string>)
          await call('saveChunk', token, chunk);
      return await call('saveCommit', token);
    } catch (error) {
      await call('saveAbort', token).catch(() => {});
      throw error;
    }
  }

  async function offerDrag(request: DesktopDragRequest) {
    if (typeof request !== 'object' || request === null || typeof request.chunks !== 'object')
      throw new Error('offerDrag takes {fileName, mime, chunks}');
    const token = await call('dragBegin', request.fileName, request.mime);
    try {
      for await (const chunk of request.chunks as AsyncIterable<string>)
        await call('dragChunk', token, chunk);
      return await call('dragCommit', token);
    } catch (error) {
      await call('dragAbort', token).catch(() => {});
      throw error;
    }
  }

  const bridge: DesktopBridge = Object.freeze({
    version: config.version,
    saveFile,
    openFolder: (relativePath?: string) => call('openFolder', relativePath ?? null),
    getDownloadRoot: () => call('getDownloadRoot'),
    setDownloadRoot: (path: string) => call('setDownloadRoot', path),
    getStartup: () => call('getStartup'),
    setStartup: (on: boolean) => call('setStartup', on),
    checkConnectivity: () => call('checkConnectivity'),
    listFiles: () => call('listFiles'),
    readFile: (relativePath: string) => call('readFile', relativePath),
    offerDrag,
  });
  Object.defineProperty(scope, config.globalName, { value: bridge, enumerable: true });
}
