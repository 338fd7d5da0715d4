import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureFolders, lintConfig } from './lint-rooms.ts';

const repo = resolve(import.meta.dirname, '..');
const committed = JSON.parse(readFileSync(join(repo, '.oxlintrc.json'), 'utf8')) as {
  overrides: { files: string[] }[];
};

describe('the lint config is generated from the table of rooms', () => {
  it('matches the committed .oxlintrc.json (run `node scripts/lint-config.ts` after a change)', () => {
    expect(committed).toEqual(lintConfig(featureFolders(repo)));
  });

  it('gives every feature folder its own room', () => {
    const rooms = committed.overrides.map((o) => o.files[0]);
    for (const feature of featureFolders(repo))
      expect(rooms).toContain(`src/ui/features/${feature}/**`);
  });
});
