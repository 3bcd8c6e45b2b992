import {
  daysBetween,
  isGridSlotStart,
  MAX_CALENDAR_RANGE_DAYS,
  type Availability,
  type AvailabilityFacts,
  type AvailabilityQuery,
  type ToggleDayBody,
  type ToggleSegmentBody,
  type ToggleSlotBody,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { createPsychologistsRepository } from '../psychologists/psychologists-repository';
import { createAvailabilityRepository, type AvailabilityWindow } from './availability-repository';

export function createAvailabilityService(db: Database) {
  const repository = createAvailabilityRepository(db);
  const psychologists = createPsychologistsRepository(db);

  /** Only the psychologist changes their own availability. */
  async function ownTimeZone(actor: AuthUser, body: { psychologistId?: string | undefined }) {
    if (body.psychologistId !== undefined && body.psychologistId !== actor.id) {
      throw localizedError('FORBIDDEN', 'error.availability.own');
    }
    return timeZoneOf(actor.id);
  }

  async function timeZoneOf(psychologistId: string): Promise<string> {
    const psychologist = await psychologists.findById(psychologistId);
    if (!psychologist) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
    return psychologist.timeZone;
  }

  /** A window's facts in the form the shared slot rule reads; refuses one not to be booked. */
  function factsOf(found: AvailabilityWindow | undefined): AvailabilityFacts {
    if (!found) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
    if (found.gone) throw new AppError('PSYCHOLOGIST_GONE');
    return {
      timeZone: found.timeZone,
      daysOff: found.offDays,
      unavailableDayParts: found.dayParts,
      blockedSlots: found.blocked.map((ms) => new Date(Number(ms)).toISOString()),
      busy: found.busy.map(([start, end]) => ({
        start: new Date(Number(start)).toISOString(),
        end: new Date(Number(end)).toISOString(),
      })),
    };
  }

  /**
   * The merged picture of `from`..`to` (dates on the psychologist's calendar, inclusive), in the form
   * the shared slot rule reads, so the server and the grid decide alike.
   */
  async function window(psychologistId: string, from: string, to: string) {
    if (daysBetween(from, to) + 1 > MAX_CALENDAR_RANGE_DAYS) throw new AppError('RANGE_TOO_LONG');
    const found = await repository.window(psychologistId, { from, to });
    return { facts: factsOf(found), nextHoldExpiry: found!.nextHoldExpiry };
  }

  return {
    /**
     * For a slot check, in one round trip: the psychologist (rates, policy, name, zone) and the facts of
     * their local day of `at`, without `exceptBookingId`'s own intervals.
     */
    async slotFacts(psychologistId: string, at: Date, exceptBookingId?: string) {
      const found = await repository.slotFacts(psychologistId, at, exceptBookingId);
      const facts = factsOf(found);
      const { id, displayName, rate20Paise, rate45Paise, policy } = found!;
      return {
        psychologist: {
          id,
          displayName,
          timeZone: found!.timeZone,
          rate20Paise,
          rate45Paise,
          policy,
        },
        facts,
      };
    },

    /**
     * GET /api/availability: the picture, and when it changes by itself (a hold running out) even if
     * nothing is written, so a cache knows how long it may keep it.
     */
    async get(
      query: AvailabilityQuery,
    ): Promise<{ availability: Availability; changesAt: number | null }> {
      const { facts: merged, nextHoldExpiry } = await window(
        query.psychologistId,
        query.from,
        query.to,
      );
      return {
        availability: {
          psychologistId: query.psychologistId,
          from: query.from,
          to: query.to,
          ...merged,
          daysOff: [...merged.daysOff],
          unavailableDayParts: [...merged.unavailableDayParts],
          blockedSlots: [...merged.blockedSlots],
          busy: [...merged.busy],
        },
        changesAt: nextHoldExpiry,
      };
    },

    async toggleSegment(actor: AuthUser, body: ToggleSegmentBody) {
      await ownTimeZone(actor, body);
      await repository.setDayPart(actor.id, body.date, body.segment, body.status === 'Unavailable');
      return { date: body.date, updated: true as const };
    },

    async toggleDay(actor: AuthUser, body: ToggleDayBody) {
      await ownTimeZone(actor, body);
      await repository.setDayOff(actor.id, body.date, body.status === 'Unavailable');
      return { date: body.date, updated: true as const };
    },

    /** A blocked slot is a half-hour grid cell inside working hours in the psychologist's zone. */
    async toggleSlot(actor: AuthUser, body: ToggleSlotBody) {
      const timeZone = await ownTimeZone(actor, body);
      const start = new Date(body.start);
      if (!isGridSlotStart(start, timeZone)) throw new AppError('INVALID_SLOT');
      const blocked = body.status === 'Blocked';
      await repository.setBlocked(actor.id, start, blocked);
      return { start: start.toISOString(), blocked };
    },
  };
}
