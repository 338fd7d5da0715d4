import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { createApp } from './app.ts';
import { seedIfEmpty } from './library/seed-library.ts';
import { encodePendingAuditions } from './library/seed-auditions.ts';
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
  if (!seed.seeded) {
    encodePendingAuditions(ctx)
      .then((count) => count > 0 && console.log(`[seed] encoded ${count} pending auditions`))
      .catch((error: unknown) =>
        console.warn(`[seed] audition encoding stopped: ${String(error)}`),
      );
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
  const { port } = app.server.address() as { port: number };
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
