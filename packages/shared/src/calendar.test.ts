import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  sameClockTime,
  zoneOffsetMinutes,
  addIsoDays,
  isoWeekNumber,
  isRealIsoDate,
  isSlotBookable,
  localDateOf,
  localMinuteOf,
  monthGridDates,
  slotProblem,
  TIME_LABEL_MINUTES,
  weekDates,
  weekdayOf,
  zonedInstant,
  type AvailabilityFacts,
} from './calendar';
import { BOOKING_HORIZON_WEEKS, DAY_PARTS, DAY_PART_MINUTES, SESSION_DURATIONS } from './constants';

const ZONES = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Asia/Kathmandu'];
const NOW = new Date('2026-01-01T00:00:00Z');

const emptyFacts = (timeZone: string): AvailabilityFacts => ({
  timeZone,
  daysOff: [],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [],
});

/** A date within the booking horizon after NOW, a zone, a start minute on a 5-minute step and a duration. */
const arbitrarySlot = fc.record({
  date: fc.integer({ min: 1, max: 360 }).map((days) => addIsoDays('2026-01-01', days)),
  timeZone: fc.constantFrom(...ZONES),
  minute: fc.integer({ min: 0, max: 287 }).map((step) => step * 5),
  duration: fc.constantFrom(...SESSION_DURATIONS),
});

const inHours = (minute: number, duration: number) =>
  minute >= 9 * 60 && minute + duration <= 21 * 60;

describe('isSlotBookable', () => {
  it('accepts exactly the slots inside 9:00-21:00 on an open calendar', () => {
    fc.assert(
      fc.property(arbitrarySlot, ({ date, timeZone, minute, duration }) => {
        const start = zonedInstant(date, minute, timeZone);
        // A wall time skipped by a daylight-saving jump has no instant of its own; skip those.
        fc.pre(localMinuteOf(start, timeZone) === minute);
        const bookable = isSlotBookable({
          start,
          durationMinutes: duration,
          now: NOW,
          facts: emptyFacts(timeZone),
        });
        expect(bookable).toBe(inHours(minute, duration));
      }),
    );
  });

  it('refuses a start between whole minutes, and takes the same start on the minute', () => {
    fc.assert(
      fc.property(
        arbitrarySlot,
        fc.integer({ min: 1, max: 59_999 }),
        ({ date, timeZone, minute, duration }, offsetMs) => {
          const start = zonedInstant(date, minute, timeZone);
          fc.pre(localMinuteOf(start, timeZone) === minute && inHours(minute, duration));
          const question = { durationMinutes: duration, now: NOW, facts: emptyFacts(timeZone) };
          expect(slotProblem({ ...question, start })).toBeNull();
          expect(slotProblem({ ...question, start: new Date(start.getTime() + offsetMs) })).toBe(
            'NOT_WHOLE_MINUTE',
          );
        },
      ),
    );
  });

  it('refuses exactly the starts past the booking horizon', () => {
    const horizonMinutes = BOOKING_HORIZON_WEEKS * 7 * 24 * 60;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 * horizonMinutes }), (minutesAhead) => {
        const start = new Date(NOW.getTime() + minutesAhead * 60_000);
        const problem = slotProblem({
          start,
          durationMinutes: 20,
          now: NOW,
          facts: emptyFacts('Asia/Kolkata'),
        });
        // A start out of working hours is refused for that first; among the rest the horizon decides.
        fc.pre(problem !== 'OUTSIDE_HOURS');
        expect(problem === 'TOO_FAR_AHEAD').toBe(minutesAhead > horizonMinutes);
      }),
    );
  });

  it('refuses every slot in the past, and every slot on a day off', () => {
    fc.assert(
      fc.property(arbitrarySlot, ({ date, timeZone, minute, duration }) => {
        const start = zonedInstant(date, minute, timeZone);
        fc.pre(inHours(localMinuteOf(start, timeZone), duration));
        const question = { start, durationMinutes: duration, facts: emptyFacts(timeZone) };
        expect(slotProblem({ ...question, now: new Date(start.getTime() + 1) })).toBe('PAST');
        expect(slotProblem({ ...question, now: start })).toBe('PAST');
        expect(
          slotProblem({
            ...question,
            now: NOW,
            facts: { ...emptyFacts(timeZone), daysOff: [localDateOf(start, timeZone)] },
          }),
        ).toBe('DAY_OFF');
      }),
    );
  });

  it('refuses a slot exactly when it touches an unavailable day part', () => {
    fc.assert(
      fc.property(
        arbitrarySlot,
        fc.constantFrom(...DAY_PARTS),
        ({ date, timeZone, minute, duration }, segment) => {
          const start = zonedInstant(date, minute, timeZone);
          fc.pre(localMinuteOf(start, timeZone) === minute && inHours(minute, duration));
          const part = DAY_PART_MINUTES[segment];
          const touches = minute < part.end && part.start < minute + duration;
          const facts = { ...emptyFacts(timeZone), unavailableDayParts: [{ date, segment }] };
          const problem = slotProblem({ start, durationMinutes: duration, now: NOW, facts });
          expect(problem).toBe(touches ? 'DAY_PART_UNAVAILABLE' : null);
        },
      ),
    );
  });

  it('refuses a slot exactly when it overlaps a blocked half hour or a busy interval', () => {
    fc.assert(
      fc.property(
        arbitrarySlot,
        fc.integer({ min: -120, max: 120 }),
        fc.integer({ min: 5, max: 90 }),
        ({ date, timeZone, minute, duration }, offset, busyLength) => {
          const start = zonedInstant(date, minute, timeZone);
          fc.pre(localMinuteOf(start, timeZone) === minute && inHours(minute, duration));
          const otherStart = new Date(start.getTime() + offset * 60_000);
          const overlapsWith = (length: number) => offset < duration && -offset < length;

          const blocked = slotProblem({
            start,
            durationMinutes: duration,
            now: NOW,
            facts: { ...emptyFacts(timeZone), blockedSlots: [otherStart.toISOString()] },
          });
          expect(blocked).toBe(overlapsWith(30) ? 'BLOCKED' : null);

          const otherEnd = new Date(otherStart.getTime() + busyLength * 60_000);
          const busy = slotProblem({
            start,
            durationMinutes: duration,
            now: NOW,
            facts: {
              ...emptyFacts(timeZone),
              busy: [{ start: otherStart.toISOString(), end: otherEnd.toISOString() }],
            },
          });
          expect(busy).toBe(overlapsWith(busyLength) ? 'OVERLAP' : null);
        },
      ),
    );
  });

  it('treats back-to-back sessions as free (a session may start when the previous one ends)', () => {
    const start = zonedInstant('2026-03-10', 10 * 60, 'Asia/Kolkata');
    const before = zonedInstant('2026-03-10', 9 * 60 + 15, 'Asia/Kolkata');
    const facts = {
      ...emptyFacts('Asia/Kolkata'),
      busy: [{ start: before.toISOString(), end: start.toISOString() }],
    };
    expect(isSlotBookable({ start, durationMinutes: 45, now: NOW, facts })).toBe(true);
  });
});

describe('calendar arithmetic', () => {
  it('knows which dates exist', () => {
    expect(isRealIsoDate('2026-02-28')).toBe(true);
    expect(isRealIsoDate('2026-02-29')).toBe(false);
    expect(isRealIsoDate('2028-02-29')).toBe(true);
    expect(isRealIsoDate('2026-13-01')).toBe(false);
    expect(isRealIsoDate('2026-1-01')).toBe(false);
  });

  it('round-trips a wall time through an instant in any zone', () => {
    fc.assert(
      fc.property(arbitrarySlot, ({ date, timeZone, minute }) => {
        fc.pre(minute >= 9 * 60 && minute <= 21 * 60);
        const instant = zonedInstant(date, minute, timeZone);
        expect(localDateOf(instant, timeZone)).toBe(date);
        expect(localMinuteOf(instant, timeZone)).toBe(minute);
      }),
    );
  });

  it('places 9:00 AM in Kolkata at 03:30 UTC (no +5.5 hour shift of the original client)', () => {
    expect(zonedInstant('2026-03-10', 9 * 60, 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-10T03:30:00.000Z',
    );
  });

  it('builds Monday-first weeks by default and Sunday-first on request', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (offset) => {
        const date = addIsoDays('2024-01-01', offset);
        const monday = weekDates(date);
        const sunday = weekDates(date, 'sunday');
        expect(monday).toHaveLength(7);
        expect(weekdayOf(monday[0]!)).toBe(1);
        expect(weekdayOf(sunday[0]!)).toBe(0);
        expect(monday).toContain(date);
        expect(sunday).toContain(date);
      }),
    );
  });

  it('numbers weeks the ISO way', () => {
    expect(isoWeekNumber('2026-01-01')).toBe(1);
    expect(isoWeekNumber('2026-12-28')).toBe(53);
    expect(isoWeekNumber('2027-01-03')).toBe(53);
    expect(isoWeekNumber('2027-01-04')).toBe(1);
  });

  it('makes a month grid of whole weeks that covers the month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.boolean(), (offset, sundayFirst) => {
        const date = addIsoDays('2024-01-01', offset);
        const grid = monthGridDates(date, sundayFirst ? 'sunday' : 'monday');
        expect(grid.length % 7).toBe(0);
        expect(grid.length).toBeGreaterThanOrEqual(28);
        expect(grid.length).toBeLessThanOrEqual(42);
        expect(weekdayOf(grid[0]!)).toBe(sundayFirst ? 0 : 1);
        expect(grid).toContain(`${date.slice(0, 7)}-01`);
        expect(grid).toContain(date);
      }),
    );
  });

  it('labels 25 half-hour rows from 9:00 AM to 9:00 PM', () => {
    expect(TIME_LABEL_MINUTES).toHaveLength(25);
    expect(TIME_LABEL_MINUTES[0]).toBe(540);
    expect(TIME_LABEL_MINUTES.at(-1)).toBe(1260);
  });
});

describe('zone aliases and offsets', () => {
  const instant = fc.date({
    min: new Date('2000-01-01'),
    max: new Date('2100-01-01'),
    noInvalidDate: true,
  });

  it('Asia/Calcutta (what Chrome in India reports) shows the clock of Asia/Kolkata at every instant', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 5 }), (instants) => {
        expect(sameClockTime('Asia/Calcutta', 'Asia/Kolkata', instants)).toBe(true);
        expect(instants.every((at) => zoneOffsetMinutes('Asia/Calcutta', at) === 330)).toBe(true);
      }),
    );
  });

  it('zones with different clocks are never the same, whatever is on screen', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 5 }), (instants) => {
        expect(sameClockTime('Asia/Kolkata', 'UTC', instants)).toBe(false);
        expect(sameClockTime('Asia/Kathmandu', 'Asia/Kolkata', instants)).toBe(false);
      }),
    );
  });

  it('agrees with the offset arithmetic of the wall clock', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (at, zone) => {
        const offset = zoneOffsetMinutes(zone, at);
        const minute = Math.floor(at.getTime() / 60_000);
        const wall = new Date((minute + offset) * 60_000);
        expect(localMinuteOf(at, zone)).toBe(wall.getUTCHours() * 60 + wall.getUTCMinutes());
      }),
    );
  });

  it('London and UTC agree in winter and differ in summer', () => {
    const winter = [new Date('2026-01-15T12:00:00Z')];
    const summer = [new Date('2026-07-15T12:00:00Z')];
    expect(sameClockTime('Europe/London', 'UTC', winter)).toBe(true);
    expect(sameClockTime('Europe/London', 'UTC', summer)).toBe(false);
    expect(sameClockTime('Europe/London', 'UTC', [...winter, ...summer])).toBe(false);
  });
});
