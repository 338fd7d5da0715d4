import {
  API,
  CLIENT_MARKER_HEADER,
  ERROR_MESSAGE_HEADER,
  type AdminPack,
  type PackEdit,
} from '../../../../shared/index.ts';
import { apiBase, CLIENT_MARKER } from '../../../api/api-config.ts';
import { decodeErrorHeader } from '../../../api/http-error.ts';
import { http } from '../../../api/http.client.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { getAccessToken } from '../../../stores/session.store.ts';

/** The Packs screen's calls on one pack (docs/api/admin.md "Packs"). */
export const packEditApi = {
  /** The pack's fields, publication and counts. */
  read(packCode: string, signal?: AbortSignal): Promise<AdminPack> {
    return http.get<AdminPack>(API.adminPack(packCode), { signal, silent: true });
  },
  /** Changes the named fields (or the publication); answers the pack as it is now. */
  edit(packCode: string, edit: PackEdit): Promise<AdminPack> {
    return http.patch<AdminPack>(API.adminPack(packCode), edit, { silent: true });
  },
  /** Deletes the pack; refused (409) when someone acquired some of it. */
  remove(packCode: string): Promise<boolean> {
    return http.delete<boolean>(API.adminPack(packCode), { silent: true });
  },
  /** Sends a cover image as the request body (the gateway reads its type from its bytes). */
  async cover(packCode: string, file: Blob): Promise<AdminPack> {
    const headers: Record<string, string> = {
      'accept-language': currentLanguage(),
      'content-type': file.type || 'application/octet-stream',
      [CLIENT_MARKER_HEADER]: CLIENT_MARKER,
    };
    const token = getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const url = new URL(API.adminPackCover(packCode).slice(1), apiBase()).href;
    const response = await fetch(url, { method: 'PUT', headers, body: file });
    const body = (await response.json().catch(() => null)) as { data?: AdminPack } | null;
    if (response.ok && body?.data) return body.data;
    throw new Error(
      decodeErrorHeader(response.headers.get(ERROR_MESSAGE_HEADER)) || `HTTP ${response.status}`,
    );
  },
};
