import { DEFAULTS, type Sample } from '../../../shared/index.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { downloadsApi } from '../../api/downloads.api.ts';
import { page } from '../../api/page.ts';
import { t } from '../../i18n/i18n.ts';
import { isSignedIn } from '../../stores/session.store.ts';
import { toast } from '../../stores/toast.store.ts';
import { askSignIn, registerPendingHandler } from '../auth/index.ts';
import {
  askCredits,
  createDawDrag,
  createDownloadActions,
  getDesktopBridge,
  sampleKey,
  useItemFlags,
  type DawDrag,
  getDownloadTarget,
  parsePendingDownload,
  setDownloadBalance,
  type BulkSummary,
  type DownloadActions,
  type DownloadError,
  type PendingDownload,
  type SignInRequest,
} from '../downloads/index.ts';
import { createPeaksCache } from './model/lru-cache.ts';
import { asHeardFile, heardAs } from '../../player/index.ts';
import { timePitchOf } from '../../../shared/audio/sync-params.ts';

/** The kind under which pending likes and downloads wait for the sign-in (issue 30 §3). */
const PENDING_KIND = 'downloads';

/** Tells the user why a download stopped (docs/PRODUCT.md §8), or sends them to login. */
function reportDownloadError(error: DownloadError): void {
  switch (error.code) {
    case 'UNAUTHENTICATED':
      toast.error(t('downloads:notSignedIn'));
      page.navigate('/login');
      return;
    case 'NOT_AUTHORIZED':
      toast.error(t('downloads:notAuthorized', { reason: error.message }));
      return;
    case 'SAVE_FAILED':
      toast.error(t('downloads:saveFailed'));
      return;
    case 'CANCELLED':
      return;
  }
}

/** A visitor's ♥ or ⬇: the inline prompt, with what to carry out after signing in. */
function promptSignIn({ purpose, pending }: SignInRequest): void {
  askSignIn({ purpose, pending: pending && { kind: PENDING_KIND, data: pending } });
}

/** Says what a bulk run saved (issue 30 §4). */
function reportDone({ saved, failed, into }: BulkSummary): void {
  const words = into
    ? t('downloads:bulk.savedInto', { count: saved, into })
    : t('downloads:bulk.saved', { count: saved });
  toast.success(failed > 0 ? words + t('downloads:bulk.failed', { failed }) : words);
}

let actions: DownloadActions | null = null;
let peaks: ReturnType<typeof createPeaksCache> | null = null;

/** The app's download and like actions (created on first use). */
export function downloadActions(): DownloadActions {
  actions ??= createDownloadActions({
    api: downloadsApi,
    getTarget: (batch) =>
      getDownloadTarget(window, batch, ({ count }) => t('downloads:bulk.selectionZip', { count })),
    isSignedIn,
    onError: reportDownloadError,
    confirm: askCredits,
    onBalance: setDownloadBalance,
    askSignIn: promptSignIn,
    onDone: reportDone,
  });
  return actions;
}

/**
 * Download as heard (docs/AUDIO.md, "Synced audition"): the sample rendered at the project's
 * tempo and key to a WAV, saved like any download and on the same credit rules. False when Sync
 * is off or leaves the sample as it is (nothing to render), or the download failed.
 */
export function downloadSampleAsHeard(sample: Sample): Promise<boolean> {
  const heard = heardAs(sample);
  if (!heard || !timePitchOf(heard)) return Promise.resolve(false);
  return downloadActions().downloadTransformed(sample, (original) =>
    asHeardFile(sample, heard, original),
  );
}

let drag: DawDrag | null = null;

/**
 * Dragging a row into the DAW in the desktop shell (docs/DESKTOP.md, "Drag into the DAW"): the
 * original of an acquired row, or its as-heard render with Sync on; a row not yet acquired goes
 * the download's way (asking first) instead.
 */
export function dawDrag(): DawDrag {
  drag ??= createDawDrag({
    bridge: () => getDesktopBridge(),
    file: (id) => downloadsApi.file(id),
    owned: (sample) =>
      useItemFlags.getState().flags[sampleKey(sample.id)]?.download ?? sample.download,
    asHeard(sample) {
      const heard = heardAs(sample as Sample);
      if (!heard || !timePitchOf(heard)) return null;
      return {
        key: JSON.stringify(heard),
        transform: (original) => asHeardFile(sample, heard, original),
      };
    },
    download: (sample) => void downloadActions().download(sample as Sample),
  });
  return drag;
}

/** Waveform peaks by sample id, 500 kept (docs/PRODUCT.md §9). */
export function peaksCache(): ReturnType<typeof createPeaksCache> {
  peaks ??= createPeaksCache(
    async (id) => (await catalogueApi.spectrum(id)).peaks,
    DEFAULTS.spectrumCacheLimit,
  );
  return peaks;
}

/** Every sample of a pack, page by page (packs hold tens to hundreds of samples). */
async function packSamples(packCode: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for (let page = 1; ; page++) {
    const answer = await catalogueApi.samples({ packCode, page, pageSize: DEFAULTS.maxPageSize });
    out.push(...answer.records);
    if (answer.records.length === 0 || out.length >= answer.total) return out;
  }
}

/** Carries out what a visitor asked for, once signed in and back on the page. */
async function runPending(pending: PendingDownload): Promise<void> {
  const run = downloadActions();
  switch (pending.kind) {
    case 'like':
      return run.like({ sample: pending.sample });
    case 'like-pack':
      return run.like({ packCode: pending.packCode });
    case 'download':
      // The flow's closing like is a toggle, and the row's flags are a visitor's: like afterwards
      // with a like that never unlikes.
      if (await run.download({ ...pending.sample, likes: true }))
        await run.like({ sample: pending.sample });
      return;
    case 'download-pack':
      await downloadPack(pending.packCode, pending.name);
  }
}

registerPendingHandler(PENDING_KIND, (data) => {
  const pending = parsePendingDownload(data);
  return pending ? runPending(pending) : undefined;
});

/**
 * Downloads a whole pack: its samples not yet downloaded, after the user saw the cost against the
 * balance (a short balance is refused before anything is spent), a few at a time, with progress.
 */
export async function downloadPack(packCode: string, packName?: string): Promise<number> {
  if (!isSignedIn()) {
    promptSignIn({
      purpose: 'download',
      pending: { kind: 'download-pack', packCode, name: packName },
    });
    return 0;
  }
  return downloadActions().downloadMany(await packSamples(packCode), 'pack', packName);
}
