import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { backupDataDir } from './db/sqlite/backup.ts';

const USAGE = `Usage: npm run backup -- <new-directory>
Backs up the SQLite database of YINKU_DATA_DIR (a live gateway may keep running), its blobs and
its token secret into <new-directory>. Restore: stop the gateways and start them with
YINKU_DATA_DIR on (a copy of) that directory. PostgreSQL (DATABASE_URL): use pg_dump, see
docs/DEPLOY.md, "Backup and restore".`;

/** `npm run backup -- <dir>`: an online backup of the gateway's SQLite data directory. */
async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/DEPLOY.md).');
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  try {
    const report = await backupDataDir(config.dataDir, resolve(args[0]!), {
      blobDir: config.blobDir,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `backed up ${report.pages} pages to ${report.database} and ${report.blobs} blobs in ${seconds} s`,
    );
    return 0;
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main();
