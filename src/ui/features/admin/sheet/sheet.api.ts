import {
  API,
  CLIENT_MARKER_HEADER,
  ERROR_MESSAGE_HEADER,
  type SheetApplied,
  type SheetFormat,
  type SheetPreview,
} from '../../../../shared/index.ts';
import { apiBase, CLIENT_MARKER } from '../../../api/api-config.ts';
import { decodeErrorHeader } from '../../../api/http-error.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { getAccessToken } from '../../../stores/session.store.ts';

/** A refused call: the gateway's message, and its status (409: preview again). */
export class SheetCallError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** A call with the session's token and language; the body (a file) sent as it is. */
async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(new URL(path.slice(1), apiBase()).href, {
    ...init,
    headers: {
      'accept-language': currentLanguage(),
      [CLIENT_MARKER_HEADER]: CLIENT_MARKER,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  if (!response.ok)
    throw new SheetCallError(
      decodeErrorHeader(response.headers.get(ERROR_MESSAGE_HEADER)) || `HTTP ${response.status}`,
      response.status,
    );
  return response;
}

const send = async <T>(path: string, file: File): Promise<T> => {
  const response = await call(path, {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  return ((await response.json()) as { data: T }).data;
};

/** The metadata spreadsheet's calls (docs/api/admin.md "Spreadsheet"); files are read by the gateway. */
export const sheetApi = {
  /** Downloads the export: fetched with the token (a link could not send it), saved by name. */
  async download(format: SheetFormat, packCode: string): Promise<void> {
    const query = new URLSearchParams({ format, ...(packCode ? { packCode } : {}) });
    const response = await call(`${API.adminSheet}?${query}`);
    const name =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
      `samples.${format}`;
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  /** What the file would change and what it refuses; nothing stored. */
  preview(file: File): Promise<SheetPreview> {
    return send<SheetPreview>(API.adminSheetPreview, file);
  },
  /** Applies the previewed file; a 409 when the samples changed since the preview. */
  apply(file: File, token: string): Promise<SheetApplied> {
    return send<SheetApplied>(`${API.adminSheetApply}?${new URLSearchParams({ token })}`, file);
  },
};
