import {
  API,
  type DownloadBatchAuthorization,
  type DownloadReport,
  type DownloadSaveResult,
  type SyncItem,
} from '../../shared/index.ts';
import type { JsonHttp } from './catalogue.api.ts';
import { http } from './http.client.ts';

/** The download calls of docs/PRODUCT.md §7's download flow; silent, since the flow shows its own messages. */
function createDownloadsApi(http: JsonHttp) {
  return {
    /** Asks for a download grant; true means proceed. */
    async authorize(id: number, signal?: AbortSignal): Promise<boolean> {
      return Boolean(await http.get<unknown>(API.downloadAuthorize(id), { signal, silent: true }));
    },
    /**
     * Authorises a batch all or nothing (a 402 grants nothing); `dryRun` only quotes its cost
     * against the balance.
     */
    authorizeBatch(ids: number[], dryRun = false): Promise<DownloadBatchAuthorization> {
      return http.post<DownloadBatchAuthorization>(
        API.downloadAuthorizeBatch,
        { ids, dryRun },
        { silent: true },
      );
    },
    /** The original file (needs the grant or ownership). */
    file(id: number, signal?: AbortSignal): Promise<Blob> {
      return http.blob(API.download(id), { signal, silent: true });
    },
    /** Commits (success) or rolls back (failure) the grant. */
    report(report: DownloadReport): Promise<DownloadSaveResult | unknown> {
      return http.post<DownloadSaveResult>(API.downloadSaveOrRollback, report, { silent: true });
    },
    /** The caller's warehouse with where each file was saved (the desktop shell reconciles it). */
    sync(): Promise<SyncItem[]> {
      return http.get<SyncItem[]>(API.downloadSync, { silent: true });
    },
    /** Tells the gateway these samples' files are gone from the folder; answers the new warehouse. */
    forgetFiles(missing: number[]): Promise<SyncItem[]> {
      return http.post<SyncItem[]>(API.downloadSync, { missing }, { silent: true });
    },
    /** Toggles the like of a sample; truthy means the like flipped. */
    async toggleLike(id: number): Promise<boolean> {
      return Boolean(await http.get<unknown>(API.downloadLike(id), { silent: true }));
    },
    /**
     * Likes samples or packs, leaving liked ones alone (the restore call of the liked list): what
     * a visitor's like becomes once signed in, so carrying it out twice never unlikes.
     */
    async likeAgain(range: 'samples' | 'packs', ids: (number | string)[]): Promise<void> {
      await http.post(API.userItemRestore, { relation: 'likes', range, ids }, { silent: true });
    },
    /** Toggles the like of a pack (gateway extension). */
    async togglePackLike(packCode: string): Promise<boolean> {
      return Boolean(await http.get<unknown>(API.downloadPackLike(packCode), { silent: true }));
    },
  };
}

/** The downloads API object. */
export type DownloadsApi = ReturnType<typeof createDownloadsApi>;

/** The download calls through the app's HTTP client. */
export const downloadsApi: DownloadsApi = createDownloadsApi(http);
