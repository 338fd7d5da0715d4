import { expect } from 'vitest';
import type { ApiEnvelope } from '../../src/shared/api/envelope.ts';
import type {
  Sample,
  SearchListPage,
  SearchSuggestion,
} from '../../src/shared/api/catalogue.types.ts';
import type { ClientKeyAnswer } from '../../src/shared/api/account.types.ts';
import type { DownloadReport, DownloadSaveResult } from '../../src/shared/api/download.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { DEVICE_KEY_ALGORITHM } from '../../src/shared/audio/protocol.ts';
import { ERROR_MESSAGE_HEADER, type ErrorCode } from '../../src/shared/errors.ts';
import { keywordSearch } from '../../server/catalogue/cjk-text.ts';
import type { TestGateway } from './test-gateway.ts';
import { createUser, type TestUser } from './accounts.ts';

/** The gateway parts the helpers need. */
type GatewayLike = Pick<TestGateway, 'url' | 'ctx'>;

/** How one test call is made. */
export interface CallOptions {
  token?: string;
  language?: 'zh' | 'en';
  method?: 'GET' | 'POST';
  /** A JSON body (serialised), or a raw string sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A JSON answer: status, headers and the parsed envelope. */
interface JsonAnswer<T> {
  status: number;
  headers: Headers;
  body: ApiEnvelope<T>;
}

/** Makes a raw request to the gateway. */
export function request(gateway: GatewayLike, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return fetch(`${gateway.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
}

/** Calls a JSON endpoint and parses the envelope. */
export async function callJson<T>(
  gateway: GatewayLike,
  path: string,
  options: CallOptions = {},
): Promise<JsonAnswer<T>> {
  const response = await request(gateway, path, options);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ApiEnvelope<T>,
  };
}

/** The data of a call that must succeed. */
export async function getData<T>(
  gateway: GatewayLike,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const answer = await callJson<T>(gateway, path, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

/** Asserts an error answer: status, errorCode, field, envelope and decoded x-error-message. */
export function expectApiError(
  answer: JsonAnswer<unknown>,
  status: number,
  errorCode: ErrorCode,
  field?: string,
): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(status);
  expect(answer.body.data).toBeNull();
  expect(answer.body.errorCode).toBe(errorCode);
  if (field !== undefined) expect(answer.body.field).toBe(field);
  const header = answer.headers.get(ERROR_MESSAGE_HEADER);
  expect(header).toBeTruthy();
  expect(decodeURIComponent(header!)).toBe(answer.body.msg);
}

/** A list path with a query. */
export function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return `${path}?${search}`;
}

/** A device key pair like the client makes (RSA-OAEP 2048 / SHA-256), registered for a user. */
export interface DeviceKey {
  keyId: string;
  privateKey: CryptoKey;
}

/** Makes a WebCrypto device key and registers it with POST client-key, as the client does. */
export async function registerDeviceKey(gateway: GatewayLike, token: string): Promise<DeviceKey> {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey(DEVICE_KEY_ALGORITHM, false, ['encrypt', 'decrypt']);
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const data = await getData<ClientKeyAnswer>(gateway, API.clientKey, {
    token,
    body: { publicKey: Buffer.from(spki).toString('base64') },
  });
  return { keyId: data.keyId, privateKey: pair.privateKey };
}

/** A new ordinary user of `gateway` with a registered device key: what a play call needs. */
export async function deviceUser(gateway: TestGateway): Promise<DeviceUser> {
  const user = await createUser(gateway);
  return { gw: gateway, user, device: await registerDeviceKey(gateway, user.accessToken) };
}

/** The gateway, the user and its device key `deviceUser` made. */
export interface DeviceUser {
  gw: TestGateway;
  user: TestUser;
  device: DeviceKey;
}

/** A download's report, as the client sends it after saving the file (or failing to). */
export function downloadReport(
  resourceId: number,
  success: boolean,
  userFilePath: string | null = null,
): DownloadReport {
  return {
    resourceId,
    audioType: 'Drums',
    audioGroup: 'Kick',
    success,
    error: success ? null : 'disk full',
    userFilePath,
  };
}

/**
 * The rest of one sample's download once it is granted, as the client does it (docs/PRODUCT.md
 * §7): fetch the file, then report it saved at `userFilePath`. Answers the report's result.
 */
export async function fetchAndSave(
  gateway: GatewayLike,
  id: number,
  token: string,
  userFilePath: string | null = null,
): Promise<DownloadSaveResult> {
  const file = await request(gateway, API.download(id), { token });
  expect(file.status).toBe(200);
  await file.arrayBuffer();
  const saved = await callJson<DownloadSaveResult>(gateway, API.downloadSaveOrRollback, {
    token,
    body: downloadReport(id, true, userFilePath),
  });
  expect(saved.status).toBe(200);
  return saved.body.data;
}

/** How many samples the catalogue's search finds for `keyword`, read through the repository. */
export async function searchTotal(gateway: GatewayLike, keyword: string): Promise<number> {
  const search = keywordSearch(keyword);
  expect(search, keyword).not.toBeNull();
  const page = await gateway.ctx.repo.catalogue.listSamples({
    filter: { search: search! },
    sort: 'MOST_POPULAR',
    seed: 0,
    page: 1,
    pageSize: 1,
    language: 'zh',
    viewerId: null,
  });
  return page.total;
}

/** A search page of up to 100 samples for `keyword`, with `extra` parameters, in `language`. */
export function searchPage(
  gateway: GatewayLike,
  keyword: string,
  extra: Record<string, string | number> = {},
  language?: 'en',
): Promise<SearchListPage<Sample>> {
  const path = withQuery(API.search, { keyword, pageSize: 100, ...extra });
  return getData<SearchListPage<Sample>>(gateway, path, { language });
}

/** The autocomplete suggestions for `q`, in `language`. */
export function suggestions(
  gateway: GatewayLike,
  q: string,
  language?: 'en',
): Promise<SearchSuggestion[]> {
  return getData<SearchSuggestion[]>(gateway, withQuery(API.suggest, { q }), { language });
}

/** A page's sample ids, ascending: two answers compared as sets. */
export const sortedIds = (page: { records: { id: number }[] }): number[] =>
  page.records.map((s) => s.id).sort((a, b) => a - b);
