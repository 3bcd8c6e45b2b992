import { existsSync, mkdirSync } from 'node:fs';
import pg from 'pg';
import { RESULTS_DIR, SERVER_JS } from './harness/processes';

/** Refuses to run without what the suite needs, saying how to get it. */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'The reliability suite needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:reliability (each test makes and drops its own database there). See docs/reliability.md.',
    );
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`DATABASE_URL=${url} cannot be reached: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
  if (!existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: npm run test:reliability builds it first`);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
}
