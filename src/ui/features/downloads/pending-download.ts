import type { PendingDownload, RowSample } from './download-actions.ts';

const PACK_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

const isText = (value: unknown): value is string => typeof value === 'string';

/** The sample of a pending action, when it has what the download flow needs. */
function rowSample(value: unknown): RowSample | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  const data = s.audioData as Record<string, unknown> | null | undefined;
  const ok =
    Number.isInteger(s.id) &&
    (s.id as number) > 0 &&
    [s.audioName, s.audioBrand, s.audioType, s.audioGroup].every(isText) &&
    typeof data === 'object' &&
    data !== null &&
    isText(data.format) &&
    (s.packName === undefined || isText(s.packName));
  return ok ? (s as unknown as RowSample) : null;
}

/**
 * A pending like or download read back from storage after the sign-in (issue 30 §3), checked
 * before it is carried out: anything malformed is dropped (null), never half run.
 */
export function parsePendingDownload(value: unknown): PendingDownload | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  switch (p.kind) {
    case 'like':
    case 'download': {
      const sample = rowSample(p.sample);
      return sample ? { kind: p.kind, sample } : null;
    }
    case 'like-pack':
    case 'download-pack': {
      if (!isText(p.packCode) || !PACK_CODE.test(p.packCode)) return null;
      if (p.kind === 'like-pack') return { kind: 'like-pack', packCode: p.packCode };
      return {
        kind: 'download-pack',
        packCode: p.packCode,
        name: isText(p.name) ? p.name : undefined,
      };
    }
    default:
      return null;
  }
}
