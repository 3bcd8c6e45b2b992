import type { QueryClient } from '@tanstack/react-query';
import {
  SLOT_START_MINUTES,
  addIsoDays,
  monthGridDates,
  weekDates,
  zonedInstant,
  type AvailabilityFacts,
  type BookingPolicy,
  type Role,
  type WeekStart,
} from '@sukoon/shared';
import { availabilityQuery, eventsQuery } from './api';
import { cellState } from './cell-state';

/** The calendar's ranges: which dates a tab shows, the steps between them and what is fetched. */

export const WEEK_START_KEY = 'weekStart';

/** The dates a tab shows around an anchor date: a week, or the 6-week grid of its month. */
export function datesOf(tab: 'week' | 'month', anchor: string, weekStart: WeekStart): string[] {
  return tab === 'week' ? weekDates(anchor, weekStart) : monthGridDates(anchor, weekStart);
}

/** The anchor one step (a week or a month) before or after. */
export function stepAnchor(tab: 'week' | 'month', anchor: string, direction: -1 | 1): string {
  if (tab === 'week') return addIsoDays(anchor, 7 * direction);
  const [year, monthNumber] = anchor.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + direction, 1)).toISOString().slice(0, 10);
}

/** A range of dates as the API asks for it: first and last date, and the instants around them. */
export function rangeOf(dates: string[], timeZone: string) {
  const from = dates[0]!;
  const to = dates.at(-1)!;
  return {
    from,
    to,
    start: zonedInstant(from, 0, timeZone).toISOString(),
    end: zonedInstant(addIsoDays(to, 1), 0, timeZone).toISOString(),
  };
}

/**
 * Fetches the ranges before and after the displayed one into the cache, so Prev and Next draw the
 * new week (or month) from its own data at once; fresh entries are not fetched again.
 */
export function prefetchNeighbours(
  queryClient: QueryClient,
  psychologistId: string,
  tab: 'week' | 'month',
  anchor: string,
  weekStart: WeekStart,
  timeZone: string,
) {
  for (const direction of [1, -1] as const) {
    const range = rangeOf(datesOf(tab, stepAnchor(tab, anchor, direction), weekStart), timeZone);
    void queryClient.prefetchQuery(availabilityQuery(psychologistId, range.from, range.to));
    void queryClient.prefetchQuery(eventsQuery(range.start, range.end));
  }
}

export function readWeekStart(): WeekStart {
  return window.localStorage.getItem(WEEK_START_KEY) === 'sunday' ? 'sunday' : 'monday';
}

/** The first slot from `today` on in `dates` that is free to `role`, as an instant; null if none. */
export function firstFreeSlot(
  dates: readonly string[],
  today: string,
  facts: AvailabilityFacts,
  now: Date,
  role: Role,
  policy: BookingPolicy,
  timeZone: string,
): Date | null {
  for (const date of dates) {
    if (date < today) continue;
    const minute = SLOT_START_MINUTES.find(
      (m) => cellState(date, m, facts, now, role, policy) === 'free',
    );
    if (minute !== undefined) return zonedInstant(date, minute, timeZone);
  }
  return null;
}
