import { test as base, expect } from '@playwright/test';

/** The gateway URL the global setup started. */
export function gatewayUrl(): string {
  const url = process.env.YINKU_E2E_URL;
  if (!url)
    throw new Error('YINKU_E2E_URL is not set: run through `playwright test` (global setup)');
  return url;
}

/** Playwright `test` with baseURL pointing at the e2e gateway. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this destructuring pattern: it must stay.
  // oxlint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(gatewayUrl());
  },
});

export { expect };
