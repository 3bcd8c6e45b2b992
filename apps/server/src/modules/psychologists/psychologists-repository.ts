import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { psychologistProfiles, users } from '../../db/schema';

export type ProfileChanges = Partial<{
  displayName: string;
  timeZone: string;
  rate20Paise: number;
  rate45Paise: number;
}>;

const columns = {
  id: users.id,
  displayName: psychologistProfiles.displayName,
  timeZone: psychologistProfiles.timeZone,
  rate20Paise: psychologistProfiles.rate20Paise,
  rate45Paise: psychologistProfiles.rate45Paise,
};

export type PsychologistRow = Awaited<
  ReturnType<ReturnType<typeof createPsychologistsRepository>['findById']>
>;

export function createPsychologistsRepository(db: Database) {
  return {
    /**
     * The database's own spelling of a time zone name, or undefined when it does not know it: the
     * calendar query converts times in SQL, so a name only the browser knows would break it.
     */
    async canonicalTimeZone(name: string) {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select name from pg_timezone_names where lower(name) = lower(${name}) order by name limit 1`,
      );
      return rows[0]?.name;
    },

    async findById(id: string) {
      const [row] = await db
        .select(columns)
        .from(psychologistProfiles)
        .innerJoin(users, eq(users.id, psychologistProfiles.userId))
        .where(and(eq(users.id, id), eq(users.role, 'psychologist')))
        .limit(1);
      return row;
    },

    /**
     * A profile with what decides whether patients may see it: a verified email and an account not
     * deleted. (findById also finds the others, for the emails and exports of past sessions.)
     */
    async findWithStanding(id: string) {
      const [row] = await db
        .select({
          ...columns,
          emailVerifiedAt: users.emailVerifiedAt,
          deletedAt: users.deletedAt,
        })
        .from(psychologistProfiles)
        .innerJoin(users, eq(users.id, psychologistProfiles.userId))
        .where(and(eq(users.id, id), eq(users.role, 'psychologist')))
        .limit(1);
      return row;
    },

    /** Psychologists with a verified email and an active account: the ones a patient may book with. */
    listVerified() {
      return db
        .select(columns)
        .from(psychologistProfiles)
        .innerJoin(users, eq(users.id, psychologistProfiles.userId))
        .where(
          and(
            eq(users.role, 'psychologist'),
            isNotNull(users.emailVerifiedAt),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(psychologistProfiles.displayName));
    },

    async update(id: string, changes: ProfileChanges) {
      await db.update(psychologistProfiles).set(changes).where(eq(psychologistProfiles.userId, id));
    },
  };
}
