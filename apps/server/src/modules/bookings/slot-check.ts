import { readPolicy, slotProblem, type BookingPolicy } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import { slotProblemText } from '../../i18n/error-messages';
import { createAvailabilityService } from '../availability/availability-service';

export interface SlotCheckOptions {
  /** A session being moved: its own intervals do not block its new time. */
  ignoreBookingId?: string | undefined;
  /**
   * The booking policy that binds a patient (notice, horizon, break): a given one (a booked
   * session's copy), or 'psychologist' for the psychologist's current one (a new hold); none on
   * one's own calendar.
   */
  policy?: BookingPolicy | 'psychologist' | undefined;
}

/**
 * The shared slot rule against a psychologist's stored facts, before a hold, an event or a move is
 * written. An overlap is reported as SLOT_TAKEN; the exclusion constraint still has the last word.
 */
export function createSlotCheck(db: Database, clock: () => Date) {
  const availability = createAvailabilityService(db);

  return async function checkBookable(
    psychologistId: string,
    start: Date,
    durationMinutes: number,
    { ignoreBookingId, policy }: SlotCheckOptions = {},
  ) {
    // One round trip: the psychologist (an unknown one is PSYCHOLOGIST_NOT_FOUND) and their local
    // day's facts, the session's own intervals (its time, and a longer length it is waiting to pay
    // for) left out.
    const { psychologist, facts } = await availability.slotFacts(
      psychologistId,
      start,
      ignoreBookingId,
    );
    const rules = policy === 'psychologist' ? readPolicy(psychologist.policy) : policy;
    const problem = slotProblem({
      start,
      durationMinutes,
      now: clock(),
      facts,
      policy: rules,
    });
    if (problem === 'OVERLAP') throw new AppError('SLOT_TAKEN');
    if (problem) {
      const { key, values } = slotProblemText(problem, rules);
      throw localizedError('SLOT_UNAVAILABLE', key, values);
    }
    return psychologist;
  };
}
