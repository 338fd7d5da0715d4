import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/testing/chromium.ts';

/**
 * Specs that judge what the page sends to its speakers (levels, timing on the audio clock): they
 * run with no other browser busy on the machine (docs/TESTING.md, "What runs at once").
 */
const AUDIO_SPECS = [
  'audio-loop.spec.ts',
  'audio-my-beat.spec.ts',
  'audio-real-path.spec.ts',
  'audio.spec.ts',
  'music.spec.ts',
  'sounds-audition.spec.ts',
  'sounds-read.spec.ts',
  'sounds-similar.spec.ts',
];

/** End-to-end tests: Debian's Chromium against a real gateway started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/testing/e2e-global-setup.ts',
  timeout: 60_000,
  // One browser at a time; `--project=pages --workers=2` may run the others on two
  // (docs/TESTING.md, "What runs at once"; a spec's tests stay in order in one worker).
  workers: 1,
  projects: [
    { name: 'pages', testIgnore: AUDIO_SPECS },
    // Its own output folder: its run must not wipe the pages run's screenshots.
    { name: 'audio', testMatch: AUDIO_SPECS, workers: 1, outputDir: 'test-results/audio' },
  ],
  // On CI a failed test runs once more and is reported as flaky (with the first run's output),
  // so one unexplained timing failure neither blocks landing nor goes unseen.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: chromiumLaunchOptions,
    // A trace of every test (its screencast and DOM snapshots) cost more than the test itself on
    // this 2-core machine (the same flow interleaved at load ~16: 56 s traced, 23 s not). CI's
    // retry of a failed test records one; the failure itself keeps its error context and a
    // screenshot. `--trace on` traces a run by hand.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
