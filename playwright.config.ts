import { defineConfig } from '@playwright/test';

/** End-to-end tests: Debian's Chromium against a real gateway started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/helpers/e2e-global-setup.ts',
  timeout: 60_000,
  workers: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    trace: 'retain-on-failure',
  },
});
