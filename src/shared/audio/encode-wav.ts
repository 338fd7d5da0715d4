/** Sample formats an as-heard WAV is written in: the source's bit depth (integer PCM) or float. */
export type WavDepth = 8 | 16 | 24 | 32 | 'float';

/** The WAV depth for a source of `bitDepth` bits (null or unusual: 24-bit, as studios use). */
export function wavDepthOf(bitDepth: number | null | undefined, float = false): WavDepth {
  if (float) return 'float';
  return bitDepth === 8 || bitDepth === 16 || bitDepth === 24 || bitDepth === 32 ? bitDepth : 24;
}

/** What a 44-byte WAV header states: PCM (1) or IEEE float (3), layout and data length. */
export interface WavHeader {
  format: 1 | 3;
  channels: number;
  sampleRate: number;
  bits: number;
  dataBytes: number;
}

/**
 * Writes the 44-byte RIFF/WAVE header into `out`, which holds the whole file (its length is the
 * RIFF size + 8); the view it wrote with, for the samples that follow at byte 44.
 */
export function writeWavHeader(out: Uint8Array, header: WavHeader): DataView {
  const { format, channels, sampleRate, bits, dataBytes } = header;
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  };
  const blockAlign = (channels * bits) / 8;
  text(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, format, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return view;
}

/**
 * A RIFF/WAVE file of `planes` (one Float32Array per channel, equal lengths) at `sampleRate`:
 * integer PCM of `depth` bits (rounded, clipped to full scale; 8-bit unsigned as WAV has it) or
 * 32-bit IEEE float. WAVE_FORMAT_EXTENSIBLE is not needed for 1–2 channels and is not written.
 */
export function encodeWav(planes: Float32Array[], sampleRate: number, depth: WavDepth): Uint8Array {
  const channels = planes.length;
  if (channels === 0) throw new RangeError('encodeWav: no channels');
  const frames = planes[0]!.length;
  if (planes.some((p) => p.length !== frames)) throw new RangeError('encodeWav: unequal channels');
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`encodeWav: sample rate ${sampleRate}`);
  const bits = depth === 'float' ? 32 : depth;
  const bytesPer = bits / 8;
  const dataBytes = frames * channels * bytesPer;
  const out = new Uint8Array(44 + dataBytes + (dataBytes % 2));
  const view = writeWavHeader(out, {
    format: depth === 'float' ? 3 : 1,
    channels,
    sampleRate,
    bits,
    dataBytes,
  });
  const full = 2 ** (bits - 1);
  let at = 44;
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels; c++, at += bytesPer) {
      const x = planes[c]![i]!;
      if (depth === 'float') {
        view.setFloat32(at, x, true);
        continue;
      }
      const v = Math.max(-full, Math.min(full - 1, Math.round(x * full)));
      if (bits === 8) out[at] = v + 128;
      else if (bits === 16) view.setInt16(at, v, true);
      else if (bits === 24) {
        out[at] = v & 0xff;
        out[at + 1] = (v >> 8) & 0xff;
        out[at + 2] = (v >> 16) & 0xff;
      } else view.setInt32(at, v, true);
    }
  return out;
}
