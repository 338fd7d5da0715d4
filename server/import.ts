import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CATEGORIES, type Category } from '../src/shared/api/catalogue.types.ts';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { describeImport, importFolder } from './library/import/import-folder.ts';
import { progressBar } from './library/import/progress-bar.ts';
import { summariseFindings } from './library/review/ingest-review.ts';

const USAGE = `Usage: npm run import -- <folder> [--brand NAME] [--category ${CATEGORIES.join('|')}]
                        [--primary NAME] [--secondary NAME]
Imports WAV, AIFF, FLAC, MP3 and Ogg Vorbis files (recursively) into the library under
YINKU_DATA_DIR; each folder becomes a pack. Bad files, and files shorter than their header
declares (TRUNCATED), are reported and skipped. What the review checks find is stored for the
review queue and summed up at the end (docs/LIBRARY.md "Review findings").`;

/** `npm run import -- <folder>`: ingest a real folder of audio into the gateway's library. */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      brand: { type: 'string', default: 'Imported' },
      category: { type: 'string', default: 'instruments' },
      primary: { type: 'string', default: 'Imported' },
      secondary: { type: 'string', default: 'Misc' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!CATEGORIES.includes(values.category as Category)) {
    console.error(`--category must be one of ${CATEGORIES.join(', ')}`);
    return 2;
  }
  const ctx = await createContext(loadConfig());
  try {
    const report = await importFolder(ctx, resolve(positionals[0]!), {
      brand: values.brand,
      category: values.category as Category,
      primaryName: values.primary,
      secondaryName: values.secondary,
      onProgress: progressBar(),
    });
    for (const imported of report.imported) console.log(describeImport(imported));
    for (const { file, reason } of report.skipped) console.error(`skipped ${file}: ${reason}`);
    for (const line of summariseFindings(report.findings)) console.log(line);
    console.log(`imported ${report.imported.length}, skipped ${report.skipped.length}`);
    return report.imported.length === 0 && report.skipped.length > 0 ? 1 : 0;
  } finally {
    await ctx.close();
  }
}

process.exitCode = await main();
