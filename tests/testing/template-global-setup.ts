import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_ROOT_ENV } from './seeded-template.ts';

/**
 * Vitest global setup of the Node projects: a folder for this run's seeded libraries, which the
 * first test gateway of each size fills and the later ones copy (docs/TESTING.md, "Seed once").
 */
export default function setup(): () => void {
  // The projects' global setups share one process: the first one's folder serves them all.
  if (process.env[TEMPLATE_ROOT_ENV]) return () => {};
  const root = mkdtempSync(join(tmpdir(), 'yinku-templates-'));
  process.env[TEMPLATE_ROOT_ENV] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[TEMPLATE_ROOT_ENV];
  };
}
