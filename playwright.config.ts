import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/testing/chromium.ts';

/** End-to-end tests: Debian's Chromium against a real gateway started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/testing/e2e-global-setup.ts',
  timeout: 60_000,
  workers: 1,
  // On CI a failed test runs once more and is reported as flaky (with the first run's output),
  // so one unexplained timing failure neither blocks landing nor goes unseen.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
