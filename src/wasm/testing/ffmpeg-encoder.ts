/**
 * Test-only: real encoders under Node — libvorbis, libopus, AAC and ALAC as built into
 * `@ffmpeg/core` (the same package the app decodes with in the browser, driven here without
 * `@ffmpeg/ffmpeg`, which has no Node support). Files are made at test time, never committed.
 */

import { interleaveF32 } from '../../testing/compare-signals.ts';

/** A signal handed to ffmpeg as raw 32-bit float input. */
interface EncoderInput {
  planes: Float32Array[];
  sampleRate: number;
}

/** The parts of the Emscripten module we drive. */
interface FfmpegCore {
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
  setLogger(logger: (entry: { message: string }) => void): void;
  exec(...args: string[]): number;
}

/**
 * The WebAssembly calls used here, typed locally: this file compiles under both the WebWorker
 * typings (src/wasm) and Node's (tsconfig.node.json), and only the former declare WebAssembly.
 */
interface WasmApi {
  compile(bytes: Uint8Array<ArrayBuffer>): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type CoreFactory = (options: {
  instantiateWasm(imports: object, receive: (instance: object) => void): object;
}) => Promise<FfmpegCore>;

let compiled: Promise<{ factory: CoreFactory; module: object }> | null = null;

/** Compiles the 32 MB core once per test file (~0.2 s); instances from it take ~20 ms. */
function loadCore(): Promise<{ factory: CoreFactory; module: object }> {
  compiled ??= (async () => {
    // Computed specifiers keep Node's types out of this WebWorker-typed project.
    const fsName: string = 'node:fs/promises';
    const moduleName: string = 'node:module';
    const fs = (await import(/* @vite-ignore */ fsName)) as {
      readFile(path: string): Promise<Uint8Array>;
    };
    const { createRequire } = (await import(/* @vite-ignore */ moduleName)) as {
      createRequire(from: string): { resolve(id: string): string };
    };
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@ffmpeg/core/wasm'); // the same binary as the ESM build
    const jsPath = wasmPath.replace(/umd[/\\]ffmpeg-core\.wasm$/, 'esm/ffmpeg-core.js');
    const [{ default: factory }, binary] = await Promise.all([
      import(/* @vite-ignore */ `file://${jsPath}`) as Promise<{ default: CoreFactory }>,
      fs.readFile(wasmPath),
    ]);
    return { factory, module: await wasm.compile(binary as Uint8Array<ArrayBuffer>) };
  })();
  return compiled;
}

/**
 * A fresh core per file (~20 ms from the compiled module): a trap leaves an instance unusable
 * (libopus traps above `-compression_level 0` in @ffmpeg/core 0.12.10), and each file starts clean.
 */
async function freshCore(): Promise<FfmpegCore> {
  const { factory, module } = await loadCore();
  const scope = globalThis as { self?: unknown };
  const hadSelf = 'self' in scope;
  // The worker build reads `self.location` once, synchronously, while the factory starts.
  if (!hadSelf) scope.self = { location: { href: import.meta.url } };
  try {
    return await factory({
      instantiateWasm(imports, receive) {
        void wasm.instantiate(module, imports).then(receive);
        return {};
      },
    });
  } finally {
    if (!hadSelf) delete scope.self;
  }
}

/**
 * Runs `ffmpeg <inputs> ...args output` and returns the output file. Each input becomes a raw
 * float stream (`-i in0.raw`, `-i in1.raw`…); the output's extension picks the muxer.
 */
export async function ffmpegEncode(
  inputs: EncoderInput[],
  args: string[],
  output: string,
): Promise<Uint8Array> {
  const core = await freshCore();
  const log: string[] = [];
  core.setLogger(({ message }) => log.push(message));
  const inputArgs = inputs.flatMap((input, i) => {
    core.FS.writeFile(`in${i}.raw`, interleaveF32(input.planes));
    const layout = ['-ar', String(input.sampleRate), '-ac', String(input.planes.length)];
    return ['-f', 'f32le', ...layout, '-i', `in${i}.raw`];
  });
  const code = core.exec('-hide_banner', ...inputArgs, ...args, output);
  if (code !== 0)
    throw new Error(
      `ffmpeg ${args.join(' ')} ${output} exited ${code}:\n${log.slice(-8).join('\n')}`,
    );
  return core.FS.readFile(output).slice();
}
