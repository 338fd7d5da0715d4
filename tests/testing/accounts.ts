import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoleCode, TokenPair } from '../../src/shared/api/account.types.ts';
import type { ApiEnvelope } from '../../src/shared/api/envelope.ts';
import { API } from '../../src/shared/api/paths.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import type { TestGateway } from './test-gateway.ts';

/** The gateway parts the helpers need (a TestGateway satisfies it). */
type GatewayLike = Pick<TestGateway, 'url' | 'ctx'>;

/** A user made for a test, with a ready access token (no login round trip, no rate limit). */
export interface TestUser {
  id: number;
  email: string;
  /** What the user "typed"; the client sends sha256Hex(password). */
  password: string;
  accessToken: string;
}

/** Lowercase hex SHA-256 of a text: what the client sends as the password. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The Authorization header for a bearer token (plus an optional language). */
export function authHeaders(token: string, language?: 'zh' | 'en'): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    ...(language ? { 'accept-language': language } : {}),
  };
}

/**
 * Creates a user straight in the repository (argon2id password, roles; ORDINARY by default)
 * and mints an access token for it.
 */
export async function createUser(
  gateway: GatewayLike,
  options: { email?: string; role?: RoleCode; password?: string; sampleTypes?: string[] } = {},
): Promise<TestUser> {
  const email = (options.email ?? `user-${randomUUID()}@test.yinku.local`).toLowerCase();
  const password = options.password ?? `pw-${randomUUID()}`;
  const role = options.role ?? 'ORDINARY';
  const { ctx } = gateway;
  const id = await ctx.repo.accounts.createUser({
    email,
    passwordHash: await hashPassword(sha256Hex(password)),
    roles: role === 'ORDINARY' ? ['ORDINARY'] : ['ORDINARY', role],
    sampleTypes: options.sampleTypes,
    now: ctx.clock.now(),
  });
  if (id === null) throw new Error(`createUser: ${email} already exists`);
  return {
    id,
    email,
    password,
    // A session of its own that nobody ends (no refresh token stored for it).
    accessToken: issueAccessToken(ctx.tokenSecret, id, ctx.clock.now(), randomUUID()),
  };
}

/** Signs in over HTTP like the client (password hashed with SHA-256); throws on failure. */
export async function login(
  gateway: Pick<TestGateway, 'url'>,
  email: string,
  password: string,
): Promise<TokenPair> {
  const response = await fetch(`${gateway.url}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: sha256Hex(password), loginType: 'EMAIL' }),
  });
  const body = (await response.json()) as ApiEnvelope<TokenPair>;
  if (response.status !== 200 || body.code !== 200)
    throw new Error(`login ${email} failed: ${response.status} ${body.msg}`);
  return body.data;
}

/** One mail the gateway filed in `<dataDir>/outbox/` (no SMTP configured). */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  code: string;
  purpose: 'register' | 'reset';
  language: 'zh' | 'en';
  createdAt: string;
}

/** Every outbox mail to `email`, oldest first. */
export function readOutbox(dataDir: string, email: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.toLowerCase() === email.toLowerCase())
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The code of the latest mail to `email` in the outbox; throws when there is none. */
export function readLatestCode(dataDir: string, email: string): string {
  const mails = readOutbox(dataDir, email);
  const latest = mails.at(-1);
  if (!latest) throw new Error(`no mail to ${email} in ${join(dataDir, 'outbox')}`);
  return latest.code;
}

/**
 * The mails to `email` once there are at least `count`: a reset code is mailed after the answer
 * (docs/api/accounts.md), so a test waits for it. Throws after `timeoutMs`.
 */
export async function waitForMails(
  dataDir: string,
  email: string,
  count = 1,
  timeoutMs = 5000,
): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(dataDir, email);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no ${count} mails to ${email} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What `apiCall` got back: status, headers and the parsed envelope. */
interface ApiReply<T = unknown> {
  status: number;
  headers: Headers;
  body: ApiEnvelope<T>;
  /** The x-error-message header, URI-decoded ('' when absent). */
  errorMessage: string;
}

/** One JSON call to the gateway with an optional body, bearer token and language. */
export async function apiCall<T = unknown>(
  gateway: Pick<TestGateway, 'url'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; language?: 'zh' | 'en'; rawBody?: string } = {},
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = options.token
    ? authHeaders(options.token, options.language)
    : options.language
      ? { 'accept-language': options.language }
      : {};
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = body;
  }
  const response = await fetch(`${gateway.url}${path}`, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ApiEnvelope<T>,
    errorMessage: decodeURIComponent(response.headers.get('x-error-message') ?? ''),
  };
}
