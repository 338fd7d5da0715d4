import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { PeakTracker } from './compute-peaks.ts';
import { ascii, readWavHeader, type WavHeader } from './decode-wav.ts';
import {
  deinterleaveInto,
  LITTLE_ENDIAN_HOST,
  spreadInt16Peak,
  touchedPlane,
} from './pcm-samples.ts';

/** A WAV decoded while it downloads, with its peaks. */
interface StreamedWav {
  pcm: DecodedPcm;
  peaks: Float32Array;
}

/**
 * Decodes a WAV body while it downloads (issue 3): the body arrives in one buffer of its known
 * length, and after each read `feed` converts the whole frames that came in into the Float32
 * planes (allocated from the header) and folds them into the peaks, so that after the last byte
 * only the last read is left to convert. The header is read by `decodeWav`'s own reader, with
 * the body's final length, so the result is sample for sample the same as decoding the whole
 * file. Anything it cannot take (not a WAV, a header `decodeWav` would refuse, a bug) makes it
 * give up quietly: `finish` then answers null and the caller decodes the whole file, which
 * raises the right error or makes the right audio — never wrong audio.
 */
export class WavStream {
  private readonly total: number;
  private readonly peakCount: number;
  private readonly newPlane: (frames: number) => Float32Array;
  private header: WavHeader | null = null;
  private planes: Float32Array[] = [];
  private body: Uint8Array | null = null;
  private view: DataView | null = null;
  private int16: Int16Array | null = null;
  private tracker: PeakTracker | null = null;
  private done = 0;
  private failed = false;

  /**
   * For a body of `total` bytes (its Content-Length) and `peakCount` peaks; `newPlane` makes
   * each channel's plane (default: a fresh one, its pages touched at once).
   */
  constructor(
    total: number,
    peakCount: number,
    newPlane: (frames: number) => Float32Array = touchedPlane,
  ) {
    this.total = total;
    this.peakCount = peakCount;
    this.newPlane = newPlane;
  }

  /** Frames converted so far. */
  get decodedFrames(): number {
    return this.done;
  }

  /** Takes the body's first `length` bytes (`body` is the whole, filling buffer); false once given up. */
  feed(body: Uint8Array, length: number): boolean {
    if (this.failed) return false;
    try {
      if (!this.header && !this.readHeader(body, length)) return !this.failed;
      // The planes are converted from the one buffer the body fills.
      if (body !== this.body) throw new Error('a WAV stream is fed from one buffer');
      const header = this.header!;
      const frameBytes = header.layout.bytes * header.channels;
      const arrived = Math.floor((length - header.dataOffset) / frameBytes);
      const to = Math.min(header.frames, arrived);
      if (to > this.done) {
        if (this.int16) {
          const planes = this.planes;
          const samples = this.int16;
          this.tracker!.scan(this.done, to, (a, b) => spreadInt16Peak(planes, samples, a, b));
        } else {
          deinterleaveInto(
            this.planes,
            this.view!,
            header.dataOffset,
            this.done,
            to,
            header.layout,
          );
          this.tracker!.add(this.planes, this.done, to);
        }
        this.done = to;
      }
    } catch {
      this.failed = true;
    }
    return !this.failed;
  }

  /** The decoded file once every frame has been fed; null when the whole file must be decoded. */
  finish(): StreamedWav | null {
    const header = this.header;
    if (this.failed || !header || this.done !== header.frames) return null;
    return {
      pcm: {
        sampleRate: header.sampleRate,
        channels: this.planes,
        frames: header.frames,
        format: 'wav',
        bitDepth: header.bitDepth,
      },
      peaks: this.tracker!.peaks(this.planes),
    };
  }

  /** Reads the header once the bytes it needs are in; true when it is known. */
  private readHeader(body: Uint8Array, length: number): boolean {
    if (length < 12) return false;
    const id = ascii(body, 0);
    if ((id !== 'RIFF' && id !== 'RF64') || ascii(body, 8) !== 'WAVE') {
      this.failed = true;
      return false;
    }
    // A refusal (throw) gives up: the whole-file decode raises the same error.
    const header = readWavHeader(body.subarray(0, length), this.total);
    if (!header) return false;
    this.header = header;
    this.planes = Array.from({ length: header.channels }, () => this.newPlane(header.frames));
    this.body = body;
    this.view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    this.tracker = new PeakTracker(header.frames, this.peakCount);
    // The common layout (16-bit, aligned, little-endian host): converted and peaked in one pass.
    const { layout } = header;
    const start = body.byteOffset + header.dataOffset;
    if (layout.encoding === 'int' && layout.bytes === 2 && LITTLE_ENDIAN_HOST && start % 2 === 0)
      this.int16 = new Int16Array(body.buffer, start, header.frames * header.channels);
    return true;
  }
}
