/** Reads a test fixture file (Node only: the decoder tests run in vitest's node project). */
export async function readFixture(url: URL): Promise<Uint8Array> {
  // A computed specifier keeps Node's types out of this WebWorker-typed project.
  const specifier: string = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ specifier)) as {
    readFile(path: URL): Promise<Uint8Array>;
  };
  return new Uint8Array(await fs.readFile(url));
}
