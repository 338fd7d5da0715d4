import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit and API tests: Node for the gateway, shared code and decoders; jsdom for React. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/wasm/**/*.test.ts',
            'src/workers/**/*.test.ts',
            'desktop/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
          ],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['src/ui/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          setupFiles: ['src/ui/test/setup.ts'],
        },
      },
    ],
  },
});
