import { resolve } from 'node:path';
import { DEFAULT_LEASE_MS } from './cluster/lease-holder.ts';

/** SMTP settings; when absent, mail is written to `<dataDir>/outbox`. */
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

/** Demo-library sizes: tiny for unit/API tests, small for e2e, demo for `npm start`, 100k, 1M. */
export const LIBRARY_SIZES = ['none', 'tiny', 'small', 'demo', 'large', 'huge'] as const;

/** A seeded library size. */
export type LibrarySize = (typeof LIBRARY_SIZES)[number];

/** Everything the gateway reads from the environment. */
export interface GatewayConfig {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Content-addressed blobs, shared by every instance on one database; unset means
   * `<dataDir>/blobs` (so a test that swaps the data directory keeps its blobs inside it).
   */
  blobDir?: string;
  distDir: string;
  /** `DATABASE_URL`: a `postgres://` URL puts the storage there; unset means SQLite (docs/DATABASE.md). */
  databaseUrl?: string;
  smtp: SmtpConfig | null;
  librarySize: LibrarySize;
  /** Generate the AI-song catalogue in the background on first start. */
  songs: boolean;
  logLevel: string;
  /**
   * Code mails one client address may ask for per 10 minutes (default: the account policy's 30).
   * Raised where many people share one address (a NAT, the end-to-end rig's one browser).
   */
  codeSendsPerAddress?: number;
  /**
   * Lifetime of a work lease (first-start seeding, one song) unless its holder renews it: how
   * long the other instances wait before taking over the work of an instance that died.
   */
  leaseMs: number;
  /**
   * `YINKU_TRUST_PROXY`: the reverse proxies whose X-Forwarded-For (and -Proto, -Host) the
   * gateway believes: addresses or CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8`). Unset:
   * none, and the client address is the socket's (docs/DEPLOY.md, "Behind a reverse proxy").
   */
  trustProxy?: string[];
  /**
   * Browser uploads (docs/api/admin.md "Packs"): `YINKU_UPLOAD_FILE_MAX_BYTES`, the largest file
   * or zip one upload may send (default 256 MiB), and `YINKU_UPLOAD_MAX_BYTES`, the most one upload
   * may store once its zips are expanded (default 2 GiB).
   */
  upload: { fileMaxBytes: number; maxBytes: number };
}

/**
 * Reads PORT, HOST, DATABASE_URL, YINKU_DATA_DIR, YINKU_BLOB_DIR, YINKU_DIST_DIR, YINKU_LIBRARY, SMTP_*,
 * LOG_LEVEL, YINKU_CODE_SENDS_PER_ADDRESS, YINKU_LEASE_MS, YINKU_UPLOAD_FILE_MAX_BYTES,
 * YINKU_UPLOAD_MAX_BYTES.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0–65535, got ${env.PORT}`);
  const codeSends = env.YINKU_CODE_SENDS_PER_ADDRESS;
  const codeSendsPerAddress = codeSends === undefined ? undefined : Number(codeSends);
  if (
    codeSendsPerAddress !== undefined &&
    !(Number.isInteger(codeSendsPerAddress) && codeSendsPerAddress > 0)
  )
    throw new Error(`YINKU_CODE_SENDS_PER_ADDRESS must be a whole number over 0, got ${codeSends}`);
  const leaseMs = Number(env.YINKU_LEASE_MS ?? DEFAULT_LEASE_MS);
  if (!(Number.isInteger(leaseMs) && leaseMs >= 1000))
    throw new Error(
      `YINKU_LEASE_MS must be a whole number of at least 1000, got ${env.YINKU_LEASE_MS}`,
    );
  const trustProxy = env.YINKU_TRUST_PROXY?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustProxy?.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)))
    throw new Error(
      `YINKU_TRUST_PROXY must list addresses or CIDR ranges (127.0.0.1,10.0.0.0/8), got ${env.YINKU_TRUST_PROXY}`,
    );
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./i.test(databaseUrl))
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (unset: SQLite)');
  const librarySize = (env.YINKU_LIBRARY ?? 'demo') as LibrarySize;
  if (!LIBRARY_SIZES.includes(librarySize)) {
    throw new Error(
      `YINKU_LIBRARY must be one of ${LIBRARY_SIZES.join(', ')}, got ${env.YINKU_LIBRARY}`,
    );
  }
  const upload = {
    fileMaxBytes: byteCount(env, 'YINKU_UPLOAD_FILE_MAX_BYTES', 256 * 2 ** 20),
    maxBytes: byteCount(env, 'YINKU_UPLOAD_MAX_BYTES', 2 * 2 ** 30),
  };
  return {
    upload,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.YINKU_DATA_DIR ?? './data'),
    blobDir: env.YINKU_BLOB_DIR ? resolve(env.YINKU_BLOB_DIR) : undefined,
    distDir: resolve(env.YINKU_DIST_DIR ?? './dist'),
    databaseUrl,
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 587),
          secure: env.SMTP_SECURE === 'true',
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          from: env.SMTP_FROM ?? 'Yinku <no-reply@yinku.local>',
        }
      : null,
    librarySize,
    songs: env.YINKU_SONGS !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    codeSendsPerAddress,
    leaseMs,
    ...(trustProxy?.length ? { trustProxy } : {}),
  };
}

/** A positive whole number of bytes from `env[name]`, or `fallback` when unset. */
function byteCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!(Number.isSafeInteger(value) && value > 0))
    throw new Error(`${name} must be a whole number of bytes over 0, got ${text}`);
  return value;
}
