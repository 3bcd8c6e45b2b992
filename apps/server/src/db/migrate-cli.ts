import { openCliDatabase } from './cli-database';

/** `npm run db:migrate`: applies committed migrations to the configured database and exits. */
const database = await openCliDatabase();
console.info(
  `Migrations applied (${database.driver}); schema version ${await database.schemaVersion()}.`,
);
await database.close();
