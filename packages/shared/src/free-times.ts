import {
  addIsoDays,
  dayFactsOf,
  SLOT_START_MINUTES,
  slotProblemOnDay,
  zonedInstant,
  type AvailabilityFacts,
  type IsoDate,
  type SlotProblem,
} from './calendar';
import { WORKING_DAY_END_MINUTE, WORKING_DAY_START_MINUTE } from './constants';
import type { BookingPolicy } from './policy-rules';

/**
 * The times a patient can pick: every half-hour start of the working day that the one slot rule
 * (`slotProblem`) accepts for the chosen duration. The time picker, its day strip and "Next available"
 * all ask here, so nothing is offered that the server would refuse.
 */

/** How many days the patient's day strip shows and "Next available" looks ahead: four weeks. */
export const PICKER_DAYS = 28;

/** Why a day offers no time: the psychologist is away, or every time left is taken. */
export type DayClosed = 'NOT_AVAILABLE' | 'FULLY_BOOKED';

export interface FreeTimesQuestion {
  durationMinutes: number;
  now: Date;
  facts: AvailabilityFacts;
  /** The psychologist's booking policy (notice, horizon, break), as the server applies it. */
  policy?: BookingPolicy | undefined;
}

export interface DayTimes {
  date: IsoDate;
  /** Bookable starts, earliest first. */
  starts: Date[];
  /** Set only when `starts` is empty. */
  closed: DayClosed | null;
}

/** The bookable starts of one date (in the psychologist's zone) and, when none, why. */
export function dayTimes(
  date: IsoDate,
  { durationMinutes, now, facts, policy }: FreeTimesQuestion,
): DayTimes {
  const day = dayFactsOf(date, facts);
  // Working hours are twelve hours apart unless the clocks change in between; then ask the zone.
  const steady =
    day.dayEnd - day.dayStart === (WORKING_DAY_END_MINUTE - WORKING_DAY_START_MINUTE) * 60_000;
  const starts: Date[] = [];
  const problems = new Set<SlotProblem>();
  for (const minute of SLOT_START_MINUTES) {
    const startMs = steady
      ? day.dayStart + (minute - WORKING_DAY_START_MINUTE) * 60_000
      : zonedInstant(date, minute, facts.timeZone).getTime();
    const problem = slotProblemOnDay(startMs, durationMinutes, now, day, policy);
    if (problem) problems.add(problem);
    else starts.push(new Date(startMs));
  }
  if (starts.length > 0) return { date, starts, closed: null };
  // Taken by others is "Fully booked" only when the psychologist would otherwise have seen people.
  return { date, starts, closed: problems.has('OVERLAP') ? 'FULLY_BOOKED' : 'NOT_AVAILABLE' };
}

/** `days` consecutive dates from `from`, each with its bookable starts. */
export function daysOfTimes(from: IsoDate, days: number, question: FreeTimesQuestion): DayTimes[] {
  return Array.from({ length: days }, (_, index) => dayTimes(addIsoDays(from, index), question));
}

/** The first bookable start within `days` dates from `from`, or null when there is none. */
export function nextFreeStart(
  from: IsoDate,
  days: number,
  question: FreeTimesQuestion,
): Date | null {
  for (let index = 0; index < days; index++) {
    const [first] = dayTimes(addIsoDays(from, index), question).starts;
    if (first) return first;
  }
  return null;
}
