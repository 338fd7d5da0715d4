import type { Sample } from '../../../shared/index.ts';
import type { DownloadsApi } from '../../api/downloads.api.ts';
import type { DownloadTarget } from './download-target.ts';
import { safeFileName, sampleFolders } from '../../../shared/safe-name.ts';

/** Why a download did not complete. */
type DownloadErrorCode = 'UNAUTHENTICATED' | 'NOT_AUTHORIZED' | 'SAVE_FAILED' | 'CANCELLED';

/** A failed download, with the step that failed; the UI maps `code` to its message. */
export class DownloadError extends Error {
  readonly code: DownloadErrorCode;
  constructor(code: DownloadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DownloadError';
    this.code = code;
  }
}

/** The sample fields the flow needs (`packName` names a zip's folder). */
export type DownloadableSample = Pick<
  Sample,
  'id' | 'audioName' | 'audioBrand' | 'audioType' | 'audioGroup' | 'likes' | 'audioData'
> &
  Partial<Pick<Sample, 'packName'>>;

/**
 * Makes the file saved out of the original one (download as heard: the synced render as a WAV),
 * with its own name; the grant, report and charge stay the original's.
 */
export type FileTransform = (original: Blob) => Promise<{ data: Blob; fileName: string }>;

/** What the flow talks to. */
interface DownloadDeps {
  api: Pick<DownloadsApi, 'authorize' | 'file' | 'report' | 'toggleLike'>;
  target: DownloadTarget;
  isSignedIn(): boolean;
  /** Saves this instead of the original file (download as heard). */
  transform?: FileTransform;
  /** The target was prepared already (by a bulk run). */
  prepared?: boolean;
}

/** The result of a completed download. */
interface DownloadResult {
  userFilePath: string;
  /** The like call succeeded (or the sample was already liked). */
  liked: boolean;
  /** Downloads left after the commit as the gateway answered (null: unlimited; absent: unknown). */
  downloadQuota?: number | null;
}

/** The balance in a saveOrRollback answer, when it carries one. */
function balanceOf(answer: unknown): { downloadQuota?: number | null } {
  if (typeof answer !== 'object' || answer === null || !('downloadQuota' in answer)) return {};
  const value = (answer as { downloadQuota: unknown }).downloadQuota;
  return typeof value === 'number' || value === null ? { downloadQuota: value } : {};
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Where a sample is saved: `sounds/packs/{brand}/{type}/{name}.{format}`, every part sanitized. */
function downloadPathOf(sample: DownloadableSample): {
  folders: string[];
  fileName: string;
} {
  return {
    folders: sampleFolders(sample.audioBrand, sample.audioType),
    fileName: safeFileName(sample.audioName, sample.audioData.format),
  };
}

/**
 * docs/PRODUCT.md §7 download flow: authorise → fetch the file → save it → report success → like when not
 * liked. A failure after the grant is reported as a rollback so nothing is acquired or charged.
 * The target is prepared first, while the click's user gesture is still valid.
 */
export async function downloadSample(
  sample: DownloadableSample,
  deps: DownloadDeps,
  signal?: AbortSignal,
): Promise<DownloadResult> {
  if (!deps.isSignedIn()) throw new DownloadError('UNAUTHENTICATED', '未登录');
  try {
    // A bulk run prepared its target once, at the click.
    if (!deps.prepared) await deps.target.prepare();
  } catch (error) {
    throw new DownloadError('CANCELLED', 'The download folder was not chosen', { cause: error });
  }
  let granted: boolean;
  try {
    granted = await deps.api.authorize(sample.id, signal);
  } catch (error) {
    if (isAbort(error)) throw new DownloadError('CANCELLED', 'Cancelled', { cause: error });
    throw new DownloadError(
      'NOT_AUTHORIZED',
      error instanceof Error ? error.message : String(error),
      {
        cause: error,
      },
    );
  }
  if (!granted) throw new DownloadError('NOT_AUTHORIZED', 'The download was not authorised');

  const { folders, fileName } = downloadPathOf(sample);
  let userFilePath: string;
  let balance: { downloadQuota?: number | null } = {};
  try {
    const original = await deps.api.file(sample.id, signal);
    const file = deps.transform ? await deps.transform(original) : { data: original, fileName };
    ({ userFilePath } = await deps.target.save({
      folders,
      brand: sample.audioBrand,
      pack: sample.packName,
      ...file,
    }));
    const saved = await deps.api.report({
      resourceId: sample.id,
      audioType: sample.audioType,
      audioGroup: sample.audioGroup,
      success: true,
      error: null,
      userFilePath,
    });
    balance = balanceOf(saved);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.api
      .report({
        resourceId: sample.id,
        audioType: sample.audioType,
        audioGroup: sample.audioGroup,
        success: false,
        error: message.slice(0, 500),
        userFilePath: null,
      })
      .catch(() => {
        // The grant expires on the gateway by itself; the user sees the save failure below.
      });
    if (isAbort(error)) throw new DownloadError('CANCELLED', 'Cancelled', { cause: error });
    throw new DownloadError('SAVE_FAILED', message, { cause: error });
  }

  if (sample.likes) return { userFilePath, liked: true, ...balance };
  const liked = await deps.api.toggleLike(sample.id).catch(() => false);
  return { userFilePath, liked, ...balance };
}
