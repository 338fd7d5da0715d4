import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/testing/chromium.ts';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';

// What the two Node projects share: their tests start real gateways and databases, which take time.
const nodeTests = { environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 } as const;

/** Unit and API tests: Node for the gateway, shared code and decoders; jsdom for React; Chromium for audio. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...nodeTests,
          name: 'node',
          include: [
            'server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/analysis/**/*.test.ts',
            'src/wasm/**/*.test.ts',
            'src/workers/**/*.test.ts',
            'desktop/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/db/**/*.test.ts',
            'benchmarks/**/*.test.ts',
          ],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          globalSetup: ['tests/testing/template-global-setup.ts'],
        },
      },
      {
        // The API suite again, every test gateway on its own PostgreSQL database of one
        // throw-away cluster (docs/DATABASE.md, "Tests").
        test: {
          ...nodeTests,
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          // The mutant fuzz test plants a bug of SQLite's FTS5 (a NUL inside a MATCH string);
          // PostgreSQL's search has no such string to break, so there is nothing to find there.
          // The preview fidelity test compares the encoder's output with its files: no query of
          // the database decides it, so it runs once, on SQLite.
          exclude: ['tests/api/fuzz-http-mutant.test.ts', 'tests/api/preview-fidelity.test.ts'],
          globalSetup: [
            'tests/testing/template-global-setup.ts',
            'tests/testing/pg-global-setup.ts',
          ],
          env: { YINKU_TEST_DATABASE: 'postgres' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['src/ui/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          setupFiles: ['src/ui/testing/setup.ts'],
        },
      },
      {
        // Real Chromium for what needs Web Audio, workers and WASM: the audio engine and pool.
        worker: { format: 'es' },
        // FUZZ_SEED / FUZZ_AUDIO_CASES reach the audio fuzzer as they reach the Node ones.
        envPrefix: ['VITE_', 'FUZZ_'],
        optimizeDeps: {
          exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'],
          // Pre-bundled up front: discovering them mid-run makes Vite reload the test page.
          include: [
            'comlink',
            'idb-keyval',
            'mpg123-decoder',
            '@wasm-audio-decoders/flac',
            '@wasm-audio-decoders/ogg-vorbis',
            '@breezystack/lamejs',
            'fft.js',
          ],
        },
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: chromiumLaunchOptions,
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
