// The Info frame's bytes, read at the offsets of "Mp3 Info Tag rev 1" (not through our builder),
// its checksums against a bitwise CRC-16/ARC, and the refusals of input that is no lamejs stream.
import { Mp3Encoder } from '@breezystack/lamejs';
import { describe, expect, it } from 'vitest';
import {
  LAME_ENCODER_DELAY,
  buildInfoTagFrame,
  crc16,
  encodeGaplessMp3,
  scanMp3Frames,
  withInfoTag,
} from './mp3-info-tag.ts';
import { readFrameHeader } from '../../../src/wasm/mpg123/mp3-frame-header.ts';
import { concatBytes } from '../../../src/shared/bytes.ts';

/** Reference CRC-16/ARC, bit by bit: polynomial 0x8005 reflected (0xA001), initial value 0. */
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The audio frames of a plain lamejs encode (no tag), as the encoder writes them. */
function lamejsFrames(samples: number, channels: 1 | 2, rate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(channels, rate, kbps);
  const pcm = Int16Array.from({ length: samples }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
  const parts = [encoder.encodeBuffer(pcm, channels === 2 ? pcm : undefined), encoder.flush()];
  return concatBytes(parts);
}

// The Info frame head of a LAME 3.97 CBR 320 kbit/s file, as posted in the Hydrogenaudio
// thread "LAME tag CRC problem" (t35395): "Info", quality 57, delay 576, padding 1908.
const LAME_397_HEAD = Uint8Array.from(
  [
    'FF FB E0 64 00 00 00 00 00 00 00 00 00 00 00 00',
    '00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00',
    '00 00 00 00 49 6E 66 6F 00 00 00 0F 00 00 00 75',
    '00 01 E1 38 00 04 06 08 0A 0D 11 13 15 18 1A 1C',
    '20 23 25 27 29 2B 30 32 34 36 38 3B 3F 41 43 46',
    '48 4A 4E 50 53 55 57 59 5E 60 62 64 66 69 6D 6F',
    '71 73 76 78 7C 7E 81 83 85 89 8C 8E 90 92 94 99',
    '9B 9D 9F A1 A4 A8 AA AC AF B1 B3 B7 B9 BC BE C0',
    'C2 C7 C9 CB CD CF D2 D6 D8 DA DC DF E1 E5 E7 EA',
    'EC EE F0 F5 F7 F9 FB FD 00 00 00 39 4C 41 4D 45',
    '33 2E 39 37 61 01 CD 00 00 00 00 2D FE 00 00 34',
    'FF 24 07 74 6D 00 01 40 00 01 E1 38 DC 8F 89 EF',
  ]
    .join(' ')
    .split(' ')
    .map((hex) => parseInt(hex, 16)),
);

describe('LAME Info frame layout', () => {
  it('CRC-16/ARC gives the catalogue check value and matches the bitwise reference', () => {
    const check = new TextEncoder().encode('123456789');
    expect(crc16(check)).toBe(0xbb3d);
    expect(referenceCrc(check)).toBe(0xbb3d);
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24);
    expect(crc16(noise)).toBe(referenceCrc(noise));
  });

  it('our CRC reproduces the tag CRC of a real LAME 3.97 file (first 190 bytes → 0x89EF)', () => {
    const head = LAME_397_HEAD;
    expect(head.length).toBe(192);
    expect(text(head, 156, 9)).toBe('LAME3.97a');
    expect((head[177]! << 4) | (head[178]! >> 4)).toBe(576);
    expect(crc16(head.subarray(0, 190))).toBe((head[190]! << 8) | head[191]!);
  });

  it('an audition-format tag (MPEG-2 mono 22.05 kHz 64 kbit/s) has every field where the spec puts it', () => {
    const samples = 10_000;
    const mp3 = encodeGaplessMp3([new Int16Array(samples).fill(1000)], 22_050, 64);
    const view = new DataView(mp3.buffer, mp3.byteOffset, mp3.byteLength);
    const tag = readFrameHeader(mp3, 0)!;
    const audio = mp3.subarray(tag.length);
    const audioHeader = readFrameHeader(audio, 0)!;
    // Header FF F3: MPEG-2, Layer III, no CRC; same bitrate and rate as the audio; mono.
    expect([mp3[0], mp3[1], mp3[2]! & 0xfc, mp3[3]! >> 6]).toEqual([
      0xff,
      0xf3,
      audio[2]! & 0xfc,
      3,
    ]);
    expect(tag.length).toBe(208); // 72000 × 64 / 22050, unpadded
    // 9 bytes of zero side information, then the Xing part at 13.
    expect(mp3.subarray(4, 13).every((b) => b === 0)).toBe(true);
    expect(text(mp3, 13, 4)).toBe('Info');
    expect(view.getUint32(17)).toBe(0x0f);
    let frames = 0;
    for (let at = 0; at < audio.length; frames++) at += 208 + ((audio[at + 2]! >> 1) & 1);
    expect(view.getUint32(21)).toBe(frames); // audio frames, the tag not counted
    expect(view.getUint32(25)).toBe(mp3.length); // bytes, the tag included
    const toc = [...mp3.subarray(29, 129)];
    expect(toc[0]).toBe(0);
    expect(toc.every((v, i) => i === 0 || v > toc[i - 1]!)).toBe(true);
    expect(view.getUint32(129)).toBeLessThanOrEqual(100);
    // LAME extension at 133: version, CBR, delays at +21, music length at +28, CRCs at +32/+34.
    expect(text(mp3, 133, 9)).toBe('LAME3.100');
    expect(mp3[142]! & 0x0f).toBe(1);
    expect(mp3[153]).toBe(64);
    const delays = (mp3[154]! << 16) | (mp3[155]! << 8) | mp3[156]!;
    expect(delays >> 12).toBe(LAME_ENCODER_DELAY);
    expect(delays & 0xfff).toBe(view.getUint32(21) * audioHeader.samplesPerFrame - 576 - samples);
    expect(view.getUint32(161)).toBe(mp3.length);
    expect(view.getUint16(165)).toBe(referenceCrc(audio));
    expect(view.getUint16(167)).toBe(referenceCrc(mp3.subarray(0, 167)));
    expect(
      mp3
        .subarray(169)
        .subarray(0, tag.length - 169)
        .every((b) => b === 0),
    ).toBe(true);
  });

  it('MPEG-1 stereo: the tag CRC covers exactly the first 190 bytes of the frame', () => {
    const mp3 = encodeGaplessMp3([new Int16Array(5000), new Int16Array(5000)], 44_100, 128);
    expect(text(mp3, 4 + 32, 4)).toBe('Info');
    expect(text(mp3, 156, 9)).toBe('LAME3.100');
    expect(new DataView(mp3.buffer).getUint16(190)).toBe(referenceCrc(mp3.subarray(0, 190)));
    // Where LAME's own CBR frame has fixed values, ours has the same: "Info", flags 0x0F,
    // quality 57, tag revision 0 + method CBR, delay 576.
    const same = [
      [36, 44],
      [152, 156],
      [165, 166],
      [177, 178],
    ] as const;
    for (const [from, to] of same)
      expect(mp3.subarray(from, to)).toEqual(LAME_397_HEAD.subarray(from, to));
  });

  it('picks a larger bitrate for the tag frame when the stream’s own frame is too small', () => {
    // 40 kbit/s at 22.05 kHz mono: a 130-byte frame, the tag needs 4 + 9 + 156 = 169.
    const audio = lamejsFrames(3000, 1, 22_050, 40);
    expect(readFrameHeader(audio, 0)!.kbps).toBe(40);
    const mp3 = withInfoTag(audio, { encoderDelay: 576, originalSamples: 3000 });
    const tag = readFrameHeader(mp3, 0)!;
    expect([tag.kbps, tag.length]).toEqual([56, 182]); // 48 kbit/s gives 156 bytes: too small
    expect(text(mp3, 4 + 9, 4)).toBe('Info');
    expect(scanMp3Frames(mp3).frames).toBe(scanMp3Frames(audio).frames + 1);
  });
});

describe('bad input is refused', () => {
  const audio = lamejsFrames(5000, 1, 22_050, 64);

  it('refuses bytes that are not Layer III frames from the first byte on', () => {
    expect(() => withInfoTag(new Uint8Array(0), { encoderDelay: 576, originalSamples: 0 })).toThrow(
      /does not start with a Layer III frame/,
    );
    const html = new TextEncoder().encode('<!doctype html><p>not audio</p>');
    expect(() => scanMp3Frames(html)).toThrow(/does not start/);
    const junk = audio.slice();
    const second = readFrameHeader(audio, 0)!.length;
    const third = second + readFrameHeader(audio, second)!.length;
    junk.fill(0x20, third, third + 4); // the third frame's header
    expect(() => scanMp3Frames(junk)).toThrow(/no matching frame header at byte/);
  });

  it('refuses a stream cut inside its last frame', () => {
    expect(() => scanMp3Frames(audio.subarray(0, audio.length - 10))).toThrow(/ends inside/);
  });

  it('refuses delays and padding that do not fit their 12 bits', () => {
    const stream = scanMp3Frames(audio);
    const frames = stream.frames * 576;
    expect(() =>
      buildInfoTagFrame(stream, audio, { encoderDelay: 576, originalSamples: frames }),
    ).toThrow(RangeError);
    expect(() =>
      buildInfoTagFrame(stream, audio, { encoderDelay: 5000, originalSamples: 0 }),
    ).toThrow(/12 bits/);
  });

  it('refuses more than two channels', () => {
    expect(() => encodeGaplessMp3([], 22_050, 64)).toThrow(RangeError);
    const pcm = new Int16Array(10);
    expect(() => encodeGaplessMp3([pcm, pcm, pcm], 22_050, 64)).toThrow(RangeError);
  });
});
