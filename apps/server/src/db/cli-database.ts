import { loadEnv } from '../env';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * The database the server uses (`DATABASE_URL`, or PGlite in `PGLITE_DIR`), migrated: what the
 * command-line tools (`npm run db:migrate`, `codes`, `names`) work on.
 */
export async function openCliDatabase(): Promise<DatabaseHandle> {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.PGLITE_DIR },
  );
  await database.migrate();
  return database;
}
