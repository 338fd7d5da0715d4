import { startTestGateway } from './test-gateway.ts';

/** Playwright global setup: one real gateway serving the built client with a small library. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Every e2e test registers its users from the one browser's address: the code-mail limit per
  // address (30 per 10 minutes) would refuse the suite's ~40th registration.
  const gateway = await startTestGateway({
    size: 'small',
    serveClient: true,
    // Its two least popular samples have no audition yet (docs/LIBRARY.md): a visitor's click
    // on such a row asks them to sign in (tests/e2e/audio-real-path.spec.ts).
    env: { YINKU_CODE_SENDS_PER_ADDRESS: '1000', YINKU_SEED_PENDING_AUDITIONS: '2' },
  });
  process.env.YINKU_E2E_URL = gateway.url;
  process.env.YINKU_E2E_DATA_DIR = gateway.dataDir;
  return () => gateway.close();
}
