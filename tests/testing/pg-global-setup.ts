import { startPgCluster } from '../../server/db/postgres/testing/pg-cluster.ts';

/**
 * Vitest global setup of the `api-pg` project: one throw-away PostgreSQL cluster for the run.
 * Test gateways read its admin URL from YINKU_TEST_PG_ADMIN_URL and create a database each.
 */
export default async function setup(): Promise<() => void> {
  const cluster = await startPgCluster();
  process.env.YINKU_TEST_PG_ADMIN_URL = cluster.url;
  return () => cluster.stop();
}
