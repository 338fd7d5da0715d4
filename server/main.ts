import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { createApp } from './app.ts';
import { portOf } from './free-port.ts';
import { seedIfEmpty } from './library/seed-library.ts';
import { encodePendingAuditions } from './library/seed-auditions.ts';
import { analysePending } from './library/seed-analysis.ts';
import { joinInstances } from './cluster/instance-register.ts';

/** `npm start` / `npm run serve`: open the data directory, seed on first run, serve. */
async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await createContext(config);
  // Before any work: an instance whose token secret differs from a live one's refuses to start.
  const instance = await joinInstances(ctx);
  const seed = await seedIfEmpty(ctx, config.librarySize, ({ phase, done, total }) => {
    if (done === total || done % 100 === 0) console.log(`[seed] ${phase} ${done}/${total}`);
  });
  if (seed.seeded) console.log(`[seed] demo library ready in ${(seed.ms / 1000).toFixed(1)} s`);
  // A first start already began encoding auditions in the background; after a restart, finish
  // whatever an interrupted run left (samples without a preview play in full meanwhile).
  // The same for the audio analysis (and a database made before it existed: migration 030).
  // YINKU_SEED_AUDITIONS / YINKU_SEED_ANALYSIS=off hold here too: a benchmark's gateway restarted
  // on a cached library must not share the CPU with a background pass over 100k rows.
  if (!seed.seeded) {
    const skip = (name: string) => process.env[name] === 'off';
    Promise.resolve(skip('YINKU_SEED_AUDITIONS') ? 0 : encodePendingAuditions(ctx))
      .then((count) => count > 0 && console.log(`[seed] encoded ${count} pending auditions`))
      .catch((error: unknown) => console.warn(`[seed] audition encoding stopped: ${String(error)}`))
      .then(() => (skip('YINKU_SEED_ANALYSIS') ? new Map() : analysePending(ctx)))
      .then((found) => found.size > 0 && console.log(`[seed] analysed ${found.size} sounds`))
      .catch((error: unknown) => console.warn(`[seed] analysis stopped: ${String(error)}`));
  }
  const app = await createApp(ctx, { logger: true, serveClient: true });
  const shutdown = async () => {
    await app.close();
    await instance.leave();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  // The one line a person starting it needs (a JSON record when the output is not a terminal).
  const port = portOf(app.server);
  app.log.info(
    `Yinku is serving on http://localhost:${port} · library ${config.librarySize} · data ${config.dataDir} · database ${databaseName(config.databaseUrl)}`,
  );
}

/** Which database the gateway uses, for the start line: never the password of a DATABASE_URL. */
function databaseName(url: string | undefined): string {
  if (url === undefined) return 'SQLite';
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL ${hostname}${port ? `:${port}` : ''}${pathname}`;
}

await main();
