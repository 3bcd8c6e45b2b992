import {
  localDateOf,
  readPolicy,
  slotProblem,
  slotProblemMessage,
  type BookingPolicy,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createAvailabilityService } from '../availability/availability-service';
import { createPsychologistsRepository } from '../psychologists/psychologists-repository';
import { createBookingsRepository } from './bookings-repository';

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
  const bookings = createBookingsRepository(db);
  const psychologists = createPsychologistsRepository(db);
  const availability = createAvailabilityService(db);

  return async function checkBookable(
    psychologistId: string,
    start: Date,
    durationMinutes: number,
    { ignoreBookingId, policy }: SlotCheckOptions = {},
  ) {
    const psychologist = await psychologists.findById(psychologistId);
    if (!psychologist) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
    const date = localDateOf(start, psychologist.timeZone);
    const facts = await availability.facts(psychologistId, date, date);
    let busy = facts.busy;
    if (ignoreBookingId) {
      const own = await bookings.findById(ignoreBookingId);
      if (own) {
        // Its own time, and the time of a longer length it is waiting to pay for.
        const ownStarts = [own.booking.startsAt, own.booking.pendingStartsAt].map((instant) =>
          instant?.toISOString(),
        );
        busy = busy.filter((interval) => !ownStarts.includes(interval.start));
      }
    }
    const rules = policy === 'psychologist' ? readPolicy(psychologist.policy) : policy;
    const problem = slotProblem({
      start,
      durationMinutes,
      now: clock(),
      facts: { ...facts, busy },
      policy: rules,
    });
    if (problem === 'OVERLAP') throw new AppError('SLOT_TAKEN');
    if (problem) throw new AppError('SLOT_UNAVAILABLE', slotProblemMessage(problem, rules));
    return psychologist;
  };
}
