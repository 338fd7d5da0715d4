import {
  API,
  CLIENT_MARKER_HEADER,
  ERROR_MESSAGE_HEADER,
  type PackUploadReport,
  type ReviewFinding,
} from '../../../../shared/index.ts';
import { apiBase, CLIENT_MARKER } from '../../../api/api-config.ts';
import { decodeErrorHeader } from '../../../api/http-error.ts';
import { http } from '../../../api/http.client.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { getAccessToken } from '../../../stores/session.store.ts';

/** Bytes sent so far of one upload, of the whole and of each file (in the order given). */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** Per file: bytes of it sent, from the running total and the files' sizes. */
  files: number[];
}

/**
 * Posts files to a pack's upload route (docs/api/admin.md "Packs") with XMLHttpRequest, whose
 * upload events give the progress fetch cannot. Each file keeps its folder-relative name.
 */
export function uploadPackFiles(
  packCode: string,
  files: File[],
  fields: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
): Promise<PackUploadReport> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  for (const file of files) form.append('files', file, file.webkitRelativePath || file.name);
  const sizes = files.map((file) => file.size);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(API.adminPackFiles(packCode).slice(1), apiBase()).href);
    xhr.setRequestHeader('accept-language', currentLanguage());
    xhr.setRequestHeader(CLIENT_MARKER_HEADER, CLIENT_MARKER);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      // The multipart framing adds a little per file: the sizes are scaled to the total sent.
      const total = event.lengthComputable ? event.total : sizes.reduce((a, b) => a + b, 0);
      const scale =
        total /
        Math.max(
          1,
          sizes.reduce((a, b) => a + b, 0),
        );
      let left = event.loaded / Math.max(scale, 1e-9);
      const perFile = sizes.map((size) => {
        const sent = Math.max(0, Math.min(size, left));
        left -= size;
        return sent;
      });
      onProgress({ loaded: event.loaded, total, files: perFile });
    };
    xhr.onload = () => {
      let body: { data?: PackUploadReport } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { data?: PackUploadReport };
      } catch {
        // Not the envelope (a proxy's page): the status says what happened.
      }
      if (xhr.status === 200 && body?.data) resolve(body.data);
      else
        reject(
          new Error(
            decodeErrorHeader(xhr.getResponseHeader(ERROR_MESSAGE_HEADER)) || `HTTP ${xhr.status}`,
          ),
        );
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

/** The review queue's calls for one pack. */
export const reviewApi = {
  /** The pack's findings, oldest first. */
  list(packCode: string, signal?: AbortSignal): Promise<ReviewFinding[]> {
    return http.get<ReviewFinding[]>(`${API.adminReview}?${new URLSearchParams({ packCode })}`, {
      signal,
    });
  },
  /** Accepts (the file is right) or rejects (the check is wrong) a finding. */
  setStatus(id: number, status: 'accepted' | 'rejected'): Promise<ReviewFinding> {
    return http.post<ReviewFinding>(API.adminReviewStatus(id), { status });
  },
  /** Applies the finding's fix. */
  fix(id: number): Promise<ReviewFinding> {
    return http.post<ReviewFinding>(API.adminReviewFix(id));
  },
};
