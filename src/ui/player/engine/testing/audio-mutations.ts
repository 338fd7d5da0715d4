import fc from 'fast-check';

/** One change to a file's bytes, as a fuzzer case lists it (positions are fractions of the length). */
export type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'splice'; at: number; donor: number }
  | { kind: 'hugeSize'; field: number; value: number }
  | { kind: 'zeroChunk'; field: number }
  | { kind: 'magic'; magic: string };

const MAGICS = [
  'RIFF',
  'FORM',
  'fLaC',
  'OggS',
  'ID3\u0004',
  '\u00ff\u00fb\u0090\u0000',
  'RIFX',
  '\0\0\0\0',
  'WAVE',
];
const HUGE = [0xffffffff, 0x7fffffff, 0x80000000, 0x10000000, 0xfffffff0];

/** Mutations of every kind the issue lists: bit flips, truncations, spliced headers, huge sizes, zero-length chunks, wrong magic. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bit: fc.nat(7),
  }),
  fc.record({
    kind: fc.constant('truncate' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.double({ min: 0, max: 0.3, noNaN: true }),
    donor: fc.nat(100),
  }),
  fc.record({
    kind: fc.constant('hugeSize' as const),
    field: fc.nat(20),
    value: fc.constantFrom(...HUGE),
  }),
  fc.record({ kind: fc.constant('zeroChunk' as const), field: fc.nat(20) }),
  fc.record({ kind: fc.constant('magic' as const), magic: fc.constantFrom(...MAGICS) }),
);

/**
 * Offsets of the size fields a decoder reads: RIFF/IFF chunk sizes (the 4 bytes after each
 * chunk id), FLAC metadata block lengths and STREAMINFO's total samples, Ogg page segment
 * tables; found by scanning for the ids so they work on any seed.
 */
function sizeFields(bytes: Uint8Array): { at: number; width: 4 | 3; bigEndian: boolean }[] {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 16)));
  const fields: { at: number; width: 4 | 3; bigEndian: boolean }[] = [];
  const riff = text.startsWith('RIFF');
  for (const id of ['RIFF', 'FORM', 'fmt ', 'data', 'COMM', 'SSND', 'LIST', 'FVER']) {
    for (let at = text.indexOf(id); at >= 0; at = text.indexOf(id, at + 1))
      if (at + 8 <= bytes.length) fields.push({ at: at + 4, width: 4, bigEndian: !riff });
  }
  // AIFF COMM: numSampleFrames (4 bytes after channels); WAV fmt: channels/rate fields.
  const comm = text.indexOf('COMM');
  if (comm >= 0) fields.push({ at: comm + 10, width: 4, bigEndian: true });
  if (text.startsWith('fLaC')) {
    fields.push({ at: 5, width: 3, bigEndian: true }); // STREAMINFO length
    fields.push({ at: 4 + 4 + 14, width: 4, bigEndian: true }); // total samples (low 32 bits)
  }
  for (let at = text.indexOf('OggS'); at >= 0; at = text.indexOf('OggS', at + 1))
    if (at + 27 <= bytes.length) fields.push({ at: at + 26, width: 3, bigEndian: false });
  return fields;
}

function writeField(
  out: Uint8Array,
  field: { at: number; width: 4 | 3; bigEndian: boolean },
  value: number,
) {
  for (let i = 0; i < field.width; i++) {
    const shift = 8 * (field.bigEndian ? field.width - 1 - i : i);
    if (field.at + i < out.length) out[field.at + i] = (value >>> shift) & 0xff;
  }
}

/** Applies mutations in order to a copy of `seed` (`donors` are the other seeds, for splices). */
export function mutate(
  seed: Uint8Array,
  mutations: readonly Mutation[],
  donors: readonly Uint8Array[],
): Uint8Array {
  let out = seed.slice();
  for (const m of mutations) {
    if (out.length === 0) break;
    const pos = (fraction: number) => Math.min(out.length - 1, Math.floor(fraction * out.length));
    if (m.kind === 'flip') out[pos(m.at)]! ^= 1 << m.bit;
    else if (m.kind === 'truncate') out = out.slice(0, pos(m.at));
    else if (m.kind === 'splice') {
      const donor = donors[m.donor % donors.length]!;
      const cut = pos(m.at);
      const spliced = new Uint8Array(cut + Math.max(0, out.length - cut));
      spliced.set(donor.subarray(0, cut));
      spliced.set(out.subarray(cut), cut);
      out = spliced;
    } else if (m.kind === 'magic')
      out.set(Uint8Array.from(m.magic, (c) => c.charCodeAt(0)).subarray(0, out.length));
    else {
      const fields = sizeFields(out);
      if (fields.length === 0) continue;
      const field = fields[m.field % fields.length]!;
      writeField(out, field, m.kind === 'hugeSize' ? m.value : 0);
    }
  }
  return out;
}
