import pg from 'pg';

/** A pool of connections to one PostgreSQL database (the `DATABASE_URL` storage). */
export type PgPool = pg.Pool;
/** One connection of the pool, as a transaction holds it. */
export type PgClient = pg.PoolClient;
/** Either: what a query can run on. */
export type PgQueryable = pg.Pool | pg.PoolClient;

// int8 (COUNT(*), bigint columns) arrives as a string by default; every bigint we store is a
// millisecond time or a count, far inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The first row a query finds, typed by the columns it selects; undefined when it finds none. */
export async function firstRow<T extends pg.QueryResultRow>(
  db: PgQueryable,
  sql: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  return (await db.query<T>(sql, params)).rows[0];
}

/** Runs `work` on one connection inside BEGIN … COMMIT, rolling back on any throw. */
export async function withTransaction<T>(
  pool: PgPool,
  work: (client: PgClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
