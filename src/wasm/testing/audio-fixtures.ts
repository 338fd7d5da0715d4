/** Test-only audio builders: exact reference signals written in layouts encoders produce. */

/** A deterministic test signal: a sine per channel at a different pitch, amplitude 0.8. */
export function referenceSignal(
  channels: number,
  frames: number,
  sampleRate: number,
): Float32Array[] {
  return Array.from({ length: channels }, (_, c) =>
    Float32Array.from(
      { length: frames },
      (_, i) => 0.8 * Math.sin((2 * Math.PI * (220 + 110 * c) * i) / sampleRate),
    ),
  );
}

/** One RIFF chunk: id, little-endian size, body, pad byte when odd. */
export function riffChunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  out.set(ascii(id), 0);
  new DataView(out.buffer).setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}

/** Options of `buildWav`. */
export interface WavOptions {
  encoding: 'int' | 'float';
  bits: 8 | 16 | 24 | 32 | 64;
  extensible?: boolean;
  /** Chunks in file order; `fmt` and `data` are placeholders for the real ones. */
  order?: ('fmt' | 'data' | 'LIST' | 'odd')[];
  sampleRate?: number;
}

/** Writes planes as a WAV file in the given layout (the reference for decoder tests). */
export function buildWav(planes: Float32Array[], options: WavOptions): Uint8Array {
  const sampleRate = options.sampleRate ?? 44100;
  const bytes = options.bits / 8;
  const channels = planes.length;
  const frames = planes[0]!.length;
  const tag = options.encoding === 'float' ? 3 : 1;
  const fmt = new DataView(new ArrayBuffer(options.extensible ? 40 : 16));
  fmt.setUint16(0, options.extensible ? 0xfffe : tag, true);
  fmt.setUint16(2, channels, true);
  fmt.setUint32(4, sampleRate, true);
  fmt.setUint32(8, sampleRate * bytes * channels, true);
  fmt.setUint16(12, bytes * channels, true);
  fmt.setUint16(14, options.bits, true);
  if (options.extensible) {
    fmt.setUint16(16, 22, true);
    fmt.setUint16(18, options.bits, true);
    fmt.setUint32(20, (1 << channels) - 1, true);
    fmt.setUint16(24, tag, true);
  }
  const data = new DataView(new ArrayBuffer(frames * channels * bytes));
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++)
      writeSample(data, (i * channels + c) * bytes, planes[c]![i]!, options);
  }
  const parts: Record<string, Uint8Array> = {
    fmt: riffChunk('fmt ', new Uint8Array(fmt.buffer)),
    data: riffChunk('data', new Uint8Array(data.buffer)),
    LIST: riffChunk('LIST', ascii('INFOINAM\u0005\u0000\u0000\u0000test\u0000\u0000')),
    odd: riffChunk('junk', new Uint8Array(7).fill(0xaa)),
  };
  const chunks = (options.order ?? ['fmt', 'data']).map((k) => parts[k]!);
  return riff('WAVE', chunks);
}

function writeSample(view: DataView, at: number, v: number, options: WavOptions): void {
  if (options.encoding === 'float') {
    if (options.bits === 64) view.setFloat64(at, v, true);
    else view.setFloat32(at, v, true);
    return;
  }
  const max = 2 ** (options.bits - 1);
  const q = Math.max(-max, Math.min(max - 1, Math.round(v * max)));
  if (options.bits === 8) view.setUint8(at, q + 128);
  else if (options.bits === 16) view.setInt16(at, q, true);
  else if (options.bits === 24) {
    view.setUint8(at, q & 0xff);
    view.setUint8(at + 1, (q >> 8) & 0xff);
    view.setInt8(at + 2, q >> 16);
  } else view.setInt32(at, q, true);
}

function riff(form: string, chunks: Uint8Array[]): Uint8Array {
  const size = 4 + chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(8 + size);
  out.set(ascii('RIFF'), 0);
  new DataView(out.buffer).setUint32(4, size, true);
  out.set(ascii(form), 8);
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** ASCII bytes of a string. */
export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/** Writes an AIFF-C file with 32-bit float (`fl32`) or little-endian 16-bit (`sowt`) samples. */
export function buildAifc(
  planes: Float32Array[],
  compression: 'fl32' | 'sowt',
  sampleRate = 48000,
): Uint8Array {
  const channels = planes.length;
  const frames = planes[0]!.length;
  const bytes = compression === 'fl32' ? 4 : 2;
  const comm = new DataView(new ArrayBuffer(24));
  comm.setInt16(0, channels);
  comm.setUint32(2, frames);
  comm.setInt16(6, bytes * 8);
  writeExtended(comm, 8, sampleRate);
  new Uint8Array(comm.buffer).set(ascii(compression), 18);
  // Empty Pascal string name: count byte 0 plus a pad byte.
  const ssnd = new DataView(new ArrayBuffer(8 + frames * channels * bytes));
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const at = 8 + (i * channels + c) * bytes;
      const v = planes[c]![i]!;
      if (compression === 'fl32') ssnd.setFloat32(at, v, false);
      else ssnd.setInt16(at, Math.max(-32768, Math.min(32767, Math.round(v * 32768))), true);
    }
  }
  const chunk = (id: string, body: Uint8Array) => {
    const out = new Uint8Array(8 + body.length + (body.length & 1));
    out.set(ascii(id), 0);
    new DataView(out.buffer).setUint32(4, body.length, false);
    out.set(body, 8);
    return out;
  };
  const body = [
    chunk('COMM', new Uint8Array(comm.buffer)),
    chunk('SSND', new Uint8Array(ssnd.buffer)),
  ];
  const size = 4 + body.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(8 + size);
  out.set(ascii('FORM'), 0);
  new DataView(out.buffer).setUint32(4, size, false);
  out.set(ascii('AIFC'), 8);
  out.set(body[0]!, 12);
  out.set(body[1]!, 12 + body[0]!.length);
  return out;
}

function writeExtended(view: DataView, at: number, value: number): void {
  const e = Math.floor(Math.log2(value));
  view.setUint16(at, e + 16383);
  const mant = value / 2 ** e; // 1 ≤ mant < 2
  const hi = Math.floor(mant * 2 ** 31);
  view.setUint32(at + 2, hi);
  view.setUint32(at + 6, Math.floor((mant * 2 ** 31 - hi) * 2 ** 32));
}

/** Reads a Sun .au file of 32-bit big-endian PCM: the independent reference for sox's fixtures. */
export function readAu32(bytes: Uint8Array): { sampleRate: number; channels: Float32Array[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = view.getUint32(4);
  const size = view.getUint32(8);
  if (view.getUint32(12) !== 5) throw new Error('reference .au must be 32-bit linear PCM');
  const sampleRate = view.getUint32(16);
  const count = view.getUint32(20);
  const frames = Math.floor(Math.min(size, bytes.length - offset) / 4 / count);
  const channels = Array.from({ length: count }, (_, c) =>
    Float32Array.from(
      { length: frames },
      (_, i) => view.getInt32(offset + (i * count + c) * 4) / 2 ** 31,
    ),
  );
  return { sampleRate, channels };
}
