import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { withTransaction, type PgPool } from './database.ts';
import { TRIGRAM_THRESHOLD } from './accelerators/trigram-vocabulary.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * A NUL character cannot be sent to PostgreSQL in text (SQLite stores it): a value holding one
 * would fail the whole statement with a 500. No stored name or code holds U+FFFF (a Unicode
 * noncharacter), so a lookup with it finds nothing, as the same lookup does on SQLite.
 */
const withoutNul = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.replaceAll('\u0000', '\uffff')
    : Array.isArray(value)
      ? value.map(withoutNul)
      : value;

/** The client every pool connection uses: parameters lose their NUL characters (above). */
class CleanClient extends pg.Client {
  // @ts-expect-error one forwarding signature stands for pg's overloads
  override query(config: unknown, values?: unknown, callback?: unknown): unknown {
    // @ts-expect-error see above
    return super.query(config, Array.isArray(values) ? values.map(withoutNul) : values, callback);
  }
}

/** Whether a connection string names PostgreSQL (`postgres://` or `postgresql://`). */
export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//i.test(url);

/** Opens a pool on `url` and applies every migration not yet applied. */
export async function openPgDatabase(url: string): Promise<PgPool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: CleanClient as unknown as typeof pg.Client,
    // No statement here runs long enough to gain from JIT, and its compilation cost ~40 ms
    // whenever a plan's estimate passed jit_above_cost (a tier's matches at 1M rows). Typo
    // candidates are every word sharing a trigram (postgres/accelerators/trigram-vocabulary.ts).
    options: `-c jit=off -c pg_trgm.similarity_threshold=${TRIGRAM_THRESHOLD}`,
  });
  // An idle connection dropped by the server must not crash the gateway.
  pool.on('error', () => {});
  try {
    await migratePg(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

/**
 * Applies every `migrations/NNN-*.sql` not yet in schema_migrations, in name order, each in its
 * own transaction. An advisory lock makes gateways starting together on one database take turns.
 */
export async function migratePg(pool: PgPool): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(7249001)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at text NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (row) => row.name,
      ),
    );
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{3}-.+\.sql$/.test(name))
      .sort();
    for (const name of files) {
      if (applied.has(name)) continue;
      await client.query(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
      await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
        name,
        new Date().toISOString(),
      ]);
    }
  });
}
