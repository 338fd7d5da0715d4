import { safeFileName } from '../../src/shared/safe-name.ts';

// RFC 8187 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which ext-value does not allow.
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** A `content-disposition: attachment` header with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/gu, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}
