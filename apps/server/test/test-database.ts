import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { databaseUrl, withAdminClient } from './admin-client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so files can run in parallel.
 * Each is a copy of the template migrated once for the whole run (migrated-template.ts); migrate()
 * then only confirms that nothing is left to apply.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string | null }> {
  const template = inject('migratedTemplate');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      kind: 'pglite',
      ...(template?.kind === 'pglite'
        ? { copyOf: new Blob([await readFile(template.tarball)]) }
        : {}),
    });
    await database.migrate();
    return { ...database, url: null };
  }
  const name = `sukoon_test_${randomBytes(6).toString('hex')}`;
  const from = template?.kind === 'postgres' ? ` template "${template.name}"` : '';
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"${from}`));
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    /** For a test that needs a connection of its own (to hold a lock beside the app). */
    url,
    async close() {
      await database.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
