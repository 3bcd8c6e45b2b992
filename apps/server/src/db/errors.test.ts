import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import {
  databaseCodeOf,
  driverCauseOf,
  hasDatabaseCode,
  isTransientDatabaseError,
  uniqueViolationOf,
} from './errors';
import { createPatient } from './factories';

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** The database's own refusals, as Drizzle wraps them on PGlite and on node-postgres. */
describe('reading a failed statement', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('names the unique index a second account with the same email hit', async () => {
    await createPatient(database.db, { email: 'twice@example.test' });
    const error = await failure(() => createPatient(database.db, { email: 'Twice@example.test' }));
    // The driver's error is the cause of Drizzle's "Failed query", not the error itself.
    expect((error as { code?: unknown }).code).toBeUndefined();
    expect(databaseCodeOf(error)).toBe('23505');
    expect(uniqueViolationOf(error)).toBe('users_email_lower_unique');
    expect(hasDatabaseCode(error, '23505')).toBe(true);
    expect(hasDatabaseCode(error, '23P01')).toBe(false);
    expect(isTransientDatabaseError(error)).toBe(false);
    // What a log keeps is the driver's words, without the statement and its parameters.
    expect(driverCauseOf(error).code).toBe('23505');
    expect(driverCauseOf(error).message).not.toContain('twice@example.test');
  });

  it('finds nothing in an error that is no database error', () => {
    const error = new Error('outer', { cause: new Error('inner') });
    expect(databaseCodeOf(error)).toBeUndefined();
    expect(uniqueViolationOf(error)).toBeNull();
    expect(driverCauseOf(error)).toEqual({ code: undefined, message: 'inner' });
  });
});
