import { loadEnv } from '../env';
import { openDatabase } from './client';

/** `npm run db:migrate`: applies committed migrations to the configured database and exits. */
const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.PGLITE_DIR },
);
await database.migrate();
console.info(
  `Migrations applied (${database.driver}); schema version ${await database.schemaVersion()}.`,
);
await database.close();
