import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { queryRows, type DatabaseHandle } from './client';

/** The booking rules rely on btree_gist; prove the extension works on whichever database runs the tests. */
describe('btree_gist exclusion constraint', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      create table overlap_probe (
        owner integer not null,
        during tstzrange not null,
        exclude using gist (owner with =, during with &&)
      )`);
  });
  afterAll(() => database.close());

  it('accepts intervals that do not overlap for one owner, and overlaps for different owners', async () => {
    await database.db.execute(sql`
      insert into overlap_probe values
        (1, tstzrange('2026-01-05 09:00+05:30', '2026-01-05 09:45+05:30')),
        (1, tstzrange('2026-01-05 09:45+05:30', '2026-01-05 10:05+05:30')),
        (2, tstzrange('2026-01-05 09:00+05:30', '2026-01-05 09:45+05:30'))`);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from overlap_probe`,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('rejects an overlapping interval for the same owner', async () => {
    await expect(
      database.db.execute(sql`
        insert into overlap_probe values (1, tstzrange('2026-01-05 09:30+05:30', '2026-01-05 09:50+05:30'))`),
    ).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from overlap_probe where owner = 1`,
    );
    expect(rows[0]?.n).toBe(2);
  });
});
