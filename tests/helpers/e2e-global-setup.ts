import { startTestGateway } from './test-gateway.ts';

/** Playwright global setup: one real gateway serving the built client with a small library. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const gateway = await startTestGateway({ size: 'small', serveClient: true });
  process.env.YINKU_E2E_URL = gateway.url;
  process.env.YINKU_E2E_DATA_DIR = gateway.dataDir;
  return () => gateway.close();
}
