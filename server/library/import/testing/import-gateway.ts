import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { portOf } from '../../../free-port.ts';
import type { ApiEnvelope } from '../../../../src/shared/api/envelope.ts';
import { createContext, type AppContext } from '../../../context.ts';

/** A real gateway on an empty library, with the temp folder the test imports from. */
export interface ImportGateway {
  url: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** The folder the test writes its files into (imported with importFolder). */
  folder: string;
  /** The `data` of a 200 answer to `path`. */
  getJson<T>(path: string, init?: RequestInit): Promise<T>;
  /** Closes the gateway and removes its data and the import folder. */
  close(): Promise<void>;
}

/**
 * Starts a real gateway on an empty library in a temp data folder (server code may not import
 * tests/testing, so the import tests share this one), and makes the folder to import from.
 */
export async function startImportGateway(tag: string): Promise<ImportGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), `yinku-${tag}-data-`));
  const config = { ...loadConfig({ YINKU_SONGS: 'off' }), port: 0, host: '127.0.0.1', dataDir };
  const ctx = await createContext(config);
  const app = await createApp(ctx, { serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${portOf(app.server)}`;
  const folder = mkdtempSync(join(tmpdir(), `yinku-${tag}-`));
  return {
    url,
    ctx,
    app,
    folder,
    async getJson<T>(path: string, init?: RequestInit): Promise<T> {
      const response = await fetch(`${url}${path}`, init);
      expect(response.status).toBe(200);
      return ((await response.json()) as ApiEnvelope<T>).data;
    },
    async close() {
      await app.close();
      await ctx.close();
      for (const dir of [dataDir, folder]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
