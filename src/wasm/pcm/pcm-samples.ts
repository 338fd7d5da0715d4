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
  const absolute = view.byteOffset + offset;
  if (
    layout.encoding === 'int' &&
    layout.bytes === 2 &&
    layout.littleEndian &&
    absolute % 2 === 0
  ) {
    // The common case (16-bit little-endian, aligned): a typed view is several times faster.
    const samples = new Int16Array(view.buffer, absolute, frames * channelCount);
    for (let c = 0; c < channelCount; c++) {
      const plane = planes[c]!;
      for (let i = 0, at = c; i < frames; i++, at += channelCount) plane[i] = samples[at]! / 32768;
    }
    return planes;
  }
  const read = sampleReader(view, layout);
  const stride = layout.bytes * channelCount;
  for (let c = 0; c < channelCount; c++) {
    const plane = planes[c]!;
    let at = offset + c * layout.bytes;
    for (let i = 0; i < frames; i++, at += stride) plane[i] = read(at);
  }
  return planes;
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
