import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { featureFolders, lintConfig } from './lint-rooms.ts';

// Writes .oxlintrc.json from the table of rooms in lint-rooms.ts (run it after adding a room or a
// feature folder; scripts/lint-config.test.ts fails while the committed file differs).
const repo = resolve(import.meta.dirname, '..');
const file = join(repo, '.oxlintrc.json');
writeFileSync(file, `${JSON.stringify(lintConfig(featureFolders(repo)), null, 2)}\n`);
execFileSync(join(repo, 'node_modules', '.bin', 'prettier'), ['--write', file], { cwd: repo });
console.log(`wrote ${file}`);
