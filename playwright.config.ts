import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium.ts';

/** End-to-end tests: Debian's Chromium against a real gateway started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/helpers/e2e-global-setup.ts',
  timeout: 60_000,
  workers: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
