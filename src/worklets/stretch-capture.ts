// Runs before the stretch library's module (see stretch.worklet.ts): keeps the processor class
// it registers instead of registering it, so ours can extend it.

/** A processor class as registerProcessor takes it. */
export type ProcessorClass = new (options?: unknown) => AudioWorkletProcessor;

/** Processor classes the library registered, by name. */
export const captured = new Map<string, ProcessorClass>();

const scope = globalThis as unknown as {
  registerProcessor: (name: string, ctor: ProcessorClass) => void;
};

/** The scope's own registerProcessor, for our processor. */
export const register = scope.registerProcessor.bind(globalThis);

scope.registerProcessor = (name, ctor) => void captured.set(name, ctor);
