import type { PackInsert, SampleWrite } from '../../library/library.repository.ts';

/**
 * A one-shot kick as the library writer takes it, for storage tests: `n` makes its name, file
 * name and popularity; `fields` override the rest (its pack, tags, search text).
 */
export function testSampleWrite(n: number, fields: Partial<SampleWrite> = {}): SampleWrite {
  return {
    packCode: 'p',
    nameEn: `Kick ${n}`,
    nameZh: `底鼓 ${n}`,
    category: 'instruments',
    primaryName: 'Drums',
    secondaryName: 'Kick',
    audioKey: null,
    bpm: null,
    kind: 'oneshot',
    format: 'wav',
    mediaType: 'audio/wav',
    sampleRate: 44100,
    channels: 1,
    bitDepth: 16,
    sizeBytes: 4,
    duration: 0.1,
    tags: ['kick'],
    blobHash: 'a'.repeat(64),
    fileName: `kick ${n}.wav`,
    auditionCode: null,
    auditionHash: null,
    peaks: null,
    popularity: n,
    createdAt: '2026-01-01T00:00:00.000Z',
    search: { name: `Kick ${n} 底鼓 ${n}`, brand: 'B', pack: 'P', type: 'Drums', grp: 'Kick' },
    ...fields,
  };
}

/** A pack as the library writer takes it, for storage tests: `code` of `brand`, no cover or tags. */
export function testPackInsert(code: string, brand: string): PackInsert {
  return {
    code,
    nameEn: code.toUpperCase(),
    nameZh: code.toUpperCase(),
    descriptionEn: '',
    descriptionZh: '',
    brand,
    category: 'instruments',
    primaryName: 'Drums',
    coverHash: null,
    tags: [],
    popularity: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}
