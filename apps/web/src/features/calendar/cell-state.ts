import {
  DAY_PART_MINUTES,
  slotProblem,
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
