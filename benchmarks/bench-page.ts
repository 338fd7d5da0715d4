/**
 * The bench's page: a gateway with the small library, a bench origin serving the fixtures, and a
 * signed-in Chromium page whose engine output carries the detector probe.
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright';
import { startTestGateway } from '../tests/testing/test-gateway.ts';
import { chromiumLaunchOptions } from '../tests/testing/chromium.ts';
import { bundleWorklet } from '../tests/testing/worklet-bundle.ts';
import { API } from '../src/shared/api/paths.ts';
import { ACCESS_TOKEN_KEY } from '../src/shared/constants.ts';
import { PLAY_HEADERS } from '../src/shared/audio/protocol.ts';
import { cipherForClient, encryptedLength } from '../server/playback/encrypt-audio.ts';
import { readEagerly } from '../server/blob-store.ts';
import { flacFixture, mp3Fixture, wavFixture } from './fixtures.ts';
import { installProbe } from './page-probes.ts';

/** The open bench page and what it runs against. */
export interface BenchPage {
  page: Page;
  /** The bench origin (fixtures under /bench/, everything else proxied to the gateway). */
  origin: string;
  gatewayUrl: string;
  accessToken: string;
  close(): Promise<void>;
}

/** The detector worklet's code as one ES module (it imports shared constants). */
export const bundleDetector = (): Promise<string> =>
  bundleWorklet('src/worklets/detector.worklet.ts');

/**
 * Serves the fixtures under /bench/ and proxies everything else to the gateway, so the app, its
 * worker (whose CSP allows only its own origin) and the fixtures share one origin.
 */
async function benchOrigin(
  gatewayUrl: string,
): Promise<{ url: string; setDeviceKey(spki: string): void; close(): void }> {
  const wav = wavFixture();
  // Full plays are streamed from a file through the gateway's own cipher, as the gateway does.
  const wavPath = join(mkdtempSync(join(tmpdir(), 'yinku-bench-')), 'fixture.wav');
  writeFileSync(wavPath, wav);
  const mp3 = mp3Fixture();
  const flac = await flacFixture();
  let spki = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const plain = { 'cache-control': 'no-store' };
    // Sent with their length, as the gateway sends them (Fastify's send, the audition route).
    const answer = (body: Uint8Array, headers: Record<string, string>) =>
      void res
        .writeHead(200, { ...plain, ...headers, 'content-length': String(body.length) })
        .end(body);
    if (path === '/bench/wav') return answer(wav, { 'content-type': 'audio/wav' });
    if (path === '/bench/mp3') return answer(mp3, { 'content-type': 'audio/mpeg' });
    if (path === '/bench/flac') return answer(flac, { 'content-type': 'audio/flac' });
    // Ids from 900000 and audition codes bench-* are the fixtures, through the real play paths.
    const play = /^\/api\/v2\/tt-audios\/play\/(\d+)$/.exec(path ?? '');
    if (play && Number(play[1]) >= 900_000) {
      const cipher = cipherForClient(Buffer.from(spki, 'base64'));
      res.writeHead(200, {
        ...plain,
        'content-type': 'audio/wav',
        'content-length': String(encryptedLength(wav.length)),
        [PLAY_HEADERS.encryptedKey]: cipher.encryptedKey,
        [PLAY_HEADERS.iv]: cipher.iv,
      });
      return void cipher.encrypt(readEagerly(wavPath)).pipe(res);
    }
    if (path?.startsWith('/api/v2/tt-audios/play-audition/bench-'))
      return answer(mp3, { 'content-type': 'audio/mpeg' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection'),
        ) as Record<string, string>;
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(`${gatewayUrl}${req.url}`, {
          method: req.method,
          headers,
          body,
        });
        const out = Object.fromEntries(
          [...answer.headers].filter(
            ([k]) =>
              k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding',
          ),
        );
        res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setDeviceKey: (key) => (spki = key),
    close: () => server.close(),
  };
}

/** Starts the gateway, the bench origin and Chromium; signs in as the demo user on /sounds. */
export async function openBenchPage(): Promise<BenchPage> {
  if (!existsSync('dist/index.html'))
    throw new Error('run `npm run build` first (npm run bench does)');
  const gateway = await startTestGateway({ size: 'small', serveClient: true });
  const origin = await benchOrigin(gateway.url);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const close = async () => {
    await browser.close();
    origin.close();
    await gateway.close();
  };
  try {
    const login = await fetch(`${gateway.url}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'demo@yinku.local',
        password: await sha256('yinku-demo'),
        loginType: 'EMAIL',
      }),
    });
    const tokens = ((await login.json()) as { data: { accessToken: string; refreshToken: string } })
      .data;
    const context = await browser.newContext({ bypassCSP: true });
    await context.addInitScript(
      ([key, access, refresh]) => {
        localStorage.setItem(key, access);
        localStorage.setItem('yinku.refreshToken', refresh);
        localStorage.setItem('yinku.tokenTimestamp', String(Date.now()));
        localStorage.setItem('yinku.audioTestHooks', '1');
      },
      [ACCESS_TOKEN_KEY, tokens.accessToken, tokens.refreshToken] as const,
    );
    const page = await context.newPage();
    await page.goto(`${origin.url}/sounds`);
    await page.waitForFunction(
      () => 'store' in ((window as unknown as { __yinkuPlayer?: object }).__yinkuPlayer ?? {}),
    );
    origin.setDeviceKey(await page.evaluate(installProbe, await bundleDetector()));
    return {
      page,
      origin: origin.url,
      gatewayUrl: gateway.url,
      accessToken: tokens.accessToken,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}
