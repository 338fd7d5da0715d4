import { AudioError } from '../../shared/audio/audio-errors.ts';

/** How one stored sample is laid out. */
export interface SampleLayout {
  /** Integer PCM, IEEE float, or G.711 companded. */
  encoding: 'int' | 'float' | 'ulaw' | 'alaw';
  /** Bytes per stored sample (the container: 20-bit audio in 3 bytes is 3). */
  bytes: number;
  littleEndian: boolean;
  /** 8-bit WAV is unsigned; every other integer layout is signed. */
  unsigned8: boolean;
}

/** Splits interleaved stored samples into Float32 planes in [-1, 1). */
export function deinterleave(
  view: DataView,
  offset: number,
  frames: number,
  channelCount: number,
  layout: SampleLayout,
): Float32Array[] {
  const planes = Array.from({ length: channelCount }, () => new Float32Array(frames));
  deinterleaveInto(planes, view, offset, 0, frames, layout);
  return planes;
}

/**
 * Writes a zero into every 4 KB page of a freshly allocated (all-zero) array. Fresh memory is
 * mapped lazily: each first write to a page costs a fault (~0.35 ms per MB here), so touching the
 * pages while the thread waits for the network keeps that cost out of the last read's work.
 */
export function touchPages(fresh: ArrayBufferView): void {
  const bytes = new Uint8Array(fresh.buffer, fresh.byteOffset, fresh.byteLength);
  for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 0;
}

/**
 * A zeroed plane of `frames` samples with its pages touched: made when a file's header arrives,
 * usually in a small first read well before the rest of the body, so no later read pays the faults.
 */
export function touchedPlane(frames: number): Float32Array<ArrayBuffer> {
  const plane = new Float32Array(frames);
  touchPages(plane);
  return plane;
}

/** True where typed arrays read little-endian (every current browser and Node platform). */
export const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Converts frames `from`..`to` of the interleaved samples starting at `offset` into `planes`
 * (one per channel), at the same positions: a file can be converted range by range as it arrives.
 */
export function deinterleaveInto(
  planes: Float32Array[],
  view: DataView,
  offset: number,
  from: number,
  to: number,
  layout: SampleLayout,
): void {
  const channels = planes.length;
  if (to <= from) return;
  const start = view.byteOffset + offset + from * channels * layout.bytes;
  const count = (to - from) * channels;
  // Typed views read native order, several times faster than DataView calls; they need an
  // aligned start and a little-endian host (every current browser and Node platform).
  const native = layout.littleEndian && LITTLE_ENDIAN_HOST && start % layout.bytes === 0;
  if (native && layout.encoding === 'int' && layout.bytes === 2) {
    spread(planes, new Int16Array(view.buffer, start, count), from, 1 / 32768);
  } else if (native && layout.encoding === 'int' && layout.bytes === 4) {
    spread(planes, new Int32Array(view.buffer, start, count), from, 1 / 2147483648);
  } else if (native && layout.encoding === 'float' && layout.bytes === 4) {
    spread(planes, new Float32Array(view.buffer, start, count), from, 1);
  } else if (layout.encoding === 'int' && layout.bytes === 3 && layout.littleEndian) {
    spread24(planes, new Uint8Array(view.buffer, start, count * 3), from);
  } else {
    const read = sampleReader(view, layout);
    const stride = layout.bytes * channels;
    for (let c = 0; c < channels; c++) {
      const plane = planes[c]!;
      let at = offset + from * stride + c * layout.bytes;
      for (let i = from; i < to; i++, at += stride) plane[i] = read(at);
    }
  }
}

/** Interleaved samples → planes from frame `from`, each scaled (powers of two: exact). */
function spread(
  planes: Float32Array[],
  samples: Int16Array | Int32Array | Float32Array,
  from: number,
  scale: number,
): void {
  const channels = planes.length;
  if (channels === 2) {
    // Stereo, the usual case: one pass over the samples instead of one per channel.
    const [left, right] = planes as [Float32Array, Float32Array];
    for (let i = from, at = 0; at < samples.length; i++, at += 2) {
      left[i] = samples[at]! * scale;
      right[i] = samples[at + 1]! * scale;
    }
    return;
  }
  for (let c = 0; c < channels; c++) {
    const plane = planes[c]!;
    for (let i = from, at = c; at < samples.length; i++, at += channels)
      plane[i] = samples[at]! * scale;
  }
}

/**
 * Converts frames `from`..`to` of 16-bit samples (native order; `samples` starts at frame 0)
 * into `planes`, and answers their largest |sample| on the planes' scale: the conversion and
 * the peaks in one pass (|x| / 32768 is exact, so this is computePeaks' value).
 */
export function spreadInt16Peak(
  planes: Float32Array[],
  samples: Int16Array,
  from: number,
  to: number,
): number {
  const channels = planes.length;
  let max = 0;
  if (channels === 2) {
    const [left, right] = planes as [Float32Array, Float32Array];
    for (let i = from; i < to; i++) {
      const l = samples[2 * i]!;
      const r = samples[2 * i + 1]!;
      left[i] = l / 32768;
      right[i] = r / 32768;
      const al = l < 0 ? -l : l;
      const ar = r < 0 ? -r : r;
      if (al > max) max = al;
      if (ar > max) max = ar;
    }
    return max / 32768;
  }
  for (let c = 0; c < channels; c++) {
    const plane = planes[c]!;
    for (let i = from, at = from * channels + c; i < to; i++, at += channels) {
      const x = samples[at]!;
      plane[i] = x / 32768;
      const ax = x < 0 ? -x : x;
      if (ax > max) max = ax;
    }
  }
  return max / 32768;
}

/** Little-endian 24-bit samples → planes from frame `from`. */
function spread24(planes: Float32Array[], bytes: Uint8Array, from: number): void {
  const channels = planes.length;
  const stride = 3 * channels;
  for (let c = 0; c < channels; c++) {
    const plane = planes[c]!;
    for (let i = from, at = 3 * c; at < bytes.length; i++, at += stride)
      // The top byte shifted to bit 31 and back sign-extends the 24-bit value.
      plane[i] =
        (((bytes[at + 2]! << 24) | (bytes[at + 1]! << 16) | (bytes[at]! << 8)) >> 8) / 8388608;
  }
}

function sampleReader(view: DataView, layout: SampleLayout): (at: number) => number {
  const le = layout.littleEndian;
  if (layout.encoding === 'float') {
    if (layout.bytes === 4) return (at) => view.getFloat32(at, le);
    if (layout.bytes === 8) return (at) => view.getFloat64(at, le);
  } else if (layout.encoding === 'ulaw') {
    return (at) => ULAW[view.getUint8(at)]!;
  } else if (layout.encoding === 'alaw') {
    return (at) => ALAW[view.getUint8(at)]!;
  } else {
    switch (layout.bytes) {
      case 1:
        return layout.unsigned8
          ? (at) => (view.getUint8(at) - 128) / 128
          : (at) => view.getInt8(at) / 128;
      case 2:
        return (at) => view.getInt16(at, le) / 32768;
      case 3:
        return le
          ? (at) =>
              ((view.getInt8(at + 2) << 16) | (view.getUint8(at + 1) << 8) | view.getUint8(at)) /
              8388608
          : (at) =>
              ((view.getInt8(at) << 16) | (view.getUint8(at + 1) << 8) | view.getUint8(at + 2)) /
              8388608;
      case 4:
        return (at) => view.getInt32(at, le) / 2147483648;
    }
  }
  throw new AudioError(
    'UNSUPPORTED_FORMAT',
    `${layout.bytes * 8}-bit ${layout.encoding} samples are not supported`,
  );
}

// G.711 tables (ITU-T G.711), computed once: 256 entries each, scaled to [-1, 1).
const ULAW = Float32Array.from({ length: 256 }, (_, i) => {
  const u = ~i & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return ((u & 0x80 ? 0x84 - t : t - 0x84) / 32768) as number;
});
const ALAW = Float32Array.from({ length: 256 }, (_, i) => {
  const a = i ^ 0x55;
  const seg = (a & 0x70) >> 4;
  let t = (a & 0x0f) << 4;
  t = seg === 0 ? t + 8 : seg === 1 ? t + 0x108 : (t + 0x108) << (seg - 1);
  return ((a & 0x80 ? t : -t) / 32768) as number;
});

/** Throws INVALID_AUDIO unless the channel count and rate are ones we can play. */
export function checkStreamShape(channels: number, sampleRate: number, what: string): void {
  if (!Number.isInteger(channels) || channels < 1 || channels > 8)
    throw new AudioError('INVALID_AUDIO', `${what}: ${channels} channels (1–8 supported)`);
  if (!Number.isFinite(sampleRate) || sampleRate < 1000 || sampleRate > 768_000)
    throw new AudioError('INVALID_AUDIO', `${what}: sample rate ${sampleRate} Hz is not valid`);
}
