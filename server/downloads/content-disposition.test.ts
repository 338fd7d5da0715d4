import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './content-disposition.ts';

describe('download file names', () => {
  it('names the file with the shared sanitiser (separators, device names)', () => {
    expect(attachmentHeader('../../etc/passwd')).toBe(
      `attachment; filename="_.._etc_passwd"; filename*=UTF-8''_.._etc_passwd`,
    );
    expect(attachmentHeader('CON.wav')).toBe(
      `attachment; filename="_CON.wav"; filename*=UTF-8''_CON.wav`,
    );
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
