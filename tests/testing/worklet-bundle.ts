import { build } from 'vite';

/**
 * A worklet bundled from its TypeScript source into one ES module in memory (its imports of
 * src/shared inlined), for a test or benchmark page to add from a blob: URL.
 */
export async function bundleWorklet(entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, lib: { entry, formats: ['es'], fileName: 'worklet' } },
  });
  const result = (Array.isArray(out) ? out[0] : out) as { output: { code?: string }[] };
  return result.output[0]!.code!;
}
