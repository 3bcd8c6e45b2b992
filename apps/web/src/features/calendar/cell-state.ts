import {
  DAY_PART_MINUTES,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  dayFactsOf,
  slotProblem,
  slotProblemOnDay,
  zonedInstant,
  type AvailabilityFacts,
  type BookingPolicy,
  type DayPart,
  type Role,
  type SlotProblem,
} from '@sukoon/shared';

export type CellState = 'free' | 'past' | 'day-off' | 'unavailable' | 'blocked' | 'booked';

const STATE_OF_PROBLEM = {
  NOT_WHOLE_MINUTE: 'unavailable',
  OUTSIDE_HOURS: 'unavailable',
  TOO_FAR_AHEAD: 'unavailable',
  TOO_SOON: 'unavailable',
  NO_BREAK: 'unavailable',
  PAST: 'past',
  DAY_OFF: 'day-off',
  DAY_PART_UNAVAILABLE: 'unavailable',
  BLOCKED: 'blocked',
  OVERLAP: 'booked',
} as const satisfies Record<SlotProblem, CellState>;

/**
 * What one half-hour cell is, by the shared slot rule. A patient's cell is free when the shortest
 * session (20 minutes) can start there within the psychologist's policy (notice, horizon, break); a
 * psychologist's cell is judged as the whole half hour, and their policy does not bind them.
 */
export function cellState(
  date: string,
  minute: number,
  facts: AvailabilityFacts,
  now: Date,
  role: Role,
  policy?: BookingPolicy,
): CellState {
  const start = zonedInstant(date, minute, facts.timeZone);
  const problem = slotProblem({
    start,
    durationMinutes: role === 'patient' ? 20 : 30,
    now,
    facts,
    policy: role === 'patient' ? policy : undefined,
  });
  return problem ? STATE_OF_PROBLEM[problem] : 'free';
}

export function isDayPartOff(facts: AvailabilityFacts, date: string, part: DayPart): boolean {
  return facts.unavailableDayParts.some((off) => off.date === date && off.segment === part);
}

/** A day part marked unavailable on every displayed day is collapsed in a psychologist's grid. */
export function isDayPartHidden(facts: AvailabilityFacts, dates: string[], part: DayPart) {
  return dates.every((date) => isDayPartOff(facts, date, part));
}

export function dayPartRows(part: DayPart, slotStarts: readonly number[]) {
  const { start, end } = DAY_PART_MINUTES[part];
  return slotStarts.filter((minute) => minute >= start && minute < end);
}

/** One cell of a week's grid: when it starts and what it is. */
export interface WeekCell {
  start: Date;
  state: CellState;
}

/**
 * Every cell of a week's grid at once, keyed `date|minute`: the same answers as `cellState`, with
 * each date's facts and local clock worked out once rather than per cell. Time-zone arithmetic is
 * the slow part of a cell (issue 19: the grid's first render was one long task on a phone).
 */
export function weekCells(
  dates: readonly string[],
  minutes: readonly number[],
  facts: AvailabilityFacts,
  now: Date,
  role: Role,
  policy?: BookingPolicy,
): Map<string, WeekCell> {
  const cells = new Map<string, WeekCell>();
  const durationMinutes = role === 'patient' ? 20 : 30;
  const rules = role === 'patient' ? policy : undefined;
  for (const date of dates) {
    const day = dayFactsOf(date, facts);
    // Working hours with one offset throughout (no clock change between 9 AM and 9 PM, as on every
    // day of every zone in use): a cell starts so many minutes after 9 AM; otherwise ask the zone.
    const steady =
      day.dayEnd - day.dayStart === (WORKING_DAY_END_MINUTE - WORKING_DAY_START_MINUTE) * 60_000;
    for (const minute of minutes) {
      const start = steady
        ? day.dayStart + (minute - WORKING_DAY_START_MINUTE) * 60_000
        : zonedInstant(date, minute, facts.timeZone).getTime();
      const problem = slotProblemOnDay(start, durationMinutes, now, day, rules);
      cells.set(`${date}|${minute}`, {
        start: new Date(start),
        state: problem ? STATE_OF_PROBLEM[problem] : 'free',
      });
    }
  }
  return cells;
}
