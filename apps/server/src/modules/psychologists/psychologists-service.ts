import type { Psychologist, UpdatePsychologistBody } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { flagNameIfTooClose } from './name-review';
import {
  createPsychologistsRepository,
  type ProfileChanges,
  type PsychologistRow,
} from './psychologists-repository';

/** Rates are kept in paise; the API speaks rupees under the names the original client reads. */
export function toPsychologistDto(row: NonNullable<PsychologistRow>): Psychologist {
  return {
    id: row.id,
    displayName: row.displayName,
    timeZone: row.timeZone,
    session_20_minute_rate: row.rate20Paise / 100,
    session_45_minute_rate: row.rate45Paise / 100,
  };
}

export function createPsychologistsService(db: Database) {
  const repository = createPsychologistsRepository(db);

  /** Only verified, active psychologists can be read; one who deleted their account says so. */
  async function get(id: string): Promise<Psychologist> {
    const row = await repository.findWithStanding(id);
    if (row?.deletedAt) throw new AppError('PSYCHOLOGIST_GONE');
    if (!row?.emailVerifiedAt) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
    return toPsychologistDto(row);
  }

  return {
    get,

    async list(): Promise<Psychologist[]> {
      return (await repository.listVerified()).map(toPsychologistDto);
    },

    /** Only the psychologist edits their own profile. */
    async update(actor: AuthUser, id: string, body: UpdatePsychologistBody): Promise<Psychologist> {
      if (actor.id !== id) throw new AppError('FORBIDDEN', 'You can only change your own profile.');
      await get(id);
      const changes: ProfileChanges = {};
      if (body.displayName !== undefined) changes.displayName = body.displayName;
      if (body.timeZone !== undefined) {
        const timeZone = await repository.canonicalTimeZone(body.timeZone);
        if (!timeZone) {
          throw new AppError(
            'VALIDATION_FAILED',
            'timeZone: Choose a time zone such as Asia/Kolkata',
          );
        }
        changes.timeZone = timeZone;
      }
      if (body.session_20_minute_rate !== undefined) {
        changes.rate20Paise = body.session_20_minute_rate * 100;
      }
      if (body.session_45_minute_rate !== undefined) {
        changes.rate45Paise = body.session_45_minute_rate * 100;
      }
      await db.transaction(async (tx) => {
        await createPsychologistsRepository(tx).update(id, changes);
        if (changes.displayName !== undefined) {
          await flagNameIfTooClose(tx, id, changes.displayName);
        }
      });
      return get(id);
    },
  };
}
