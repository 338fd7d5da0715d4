import { describe, expect, it } from 'vitest';
import { attachmentHeader, safeFileName } from './content-disposition.ts';

describe('download file names', () => {
  it('strips separators, control characters and leading dots', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('..\\evil\u0000.wav')).toBe('_evil_.wav');
    expect(safeFileName('   ')).toBe('sample');
    expect(safeFileName('a'.repeat(500))).toHaveLength(200);
  });

  it('gives an ASCII fallback and an RFC 8187 UTF-8 name', () => {
    expect(attachmentHeader('古筝 (C).wav')).toBe(
      `attachment; filename="__ (C).wav"; filename*=UTF-8''%E5%8F%A4%E7%AD%9D%20%28C%29.wav`,
    );
    expect(attachmentHeader('say "hi".wav')).toBe(
      `attachment; filename="say _hi_.wav"; filename*=UTF-8''say%20_hi_.wav`,
    );
  });
});
