import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  localDateOf,
  localMinuteOf,
  SLOT_START_MINUTES,
  slotProblem,
  zonedInstant,
  type AvailabilityFacts,
} from './calendar';
import { DAY_PARTS, SESSION_DURATIONS } from './constants';
import { dayTimes, daysOfTimes, nextFreeStart, PICKER_DAYS } from './free-times';

const ZONES = ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/London', 'America/New_York'];
const NOW = new Date('2026-11-25T06:40:00Z'); // 12:10 PM in India

/** A psychologist's facts over the four weeks after NOW, drawn at random. */
const arbitraryFacts = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    daysOff: fc.uniqueArray(fc.integer({ min: 0, max: 27 })),
    partsOff: fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 27 }), part: fc.constantFrom(...DAY_PARTS) }),
    ),
    blocked: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 27 }),
        slot: fc.constantFrom(...SLOT_START_MINUTES),
      }),
    ),
    busy: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 27 }),
        minute: fc.integer({ min: 9 * 12, max: 21 * 12 }).map((step) => step * 5),
        duration: fc.constantFrom(...SESSION_DURATIONS),
      }),
    ),
  })
  .map(({ timeZone, daysOff, partsOff, blocked, busy }): AvailabilityFacts => {
    const today = localDateOf(NOW, timeZone);
    const day = (offset: number) => addIsoDays(today, offset);
    return {
      timeZone,
      daysOff: daysOff.map(day),
      unavailableDayParts: partsOff.map(({ day: offset, part }) => ({
        date: day(offset),
        segment: part,
      })),
      blockedSlots: blocked.map(({ day: offset, slot }) =>
        zonedInstant(day(offset), slot, timeZone).toISOString(),
      ),
      busy: busy.map(({ day: offset, minute, duration }) => {
        const start = zonedInstant(day(offset), minute, timeZone);
        return {
          start: start.toISOString(),
          end: new Date(start.getTime() + duration * 60_000).toISOString(),
        };
      }),
    };
  });

const question = (facts: AvailabilityFacts, durationMinutes: number) => ({
  durationMinutes,
  now: NOW,
  facts,
});

describe('the times a patient can pick', () => {
  it('offers exactly the half-hour starts the slot rule accepts, and says why a day has none', () => {
    fc.assert(
      fc.property(
        arbitraryFacts,
        fc.integer({ min: 0, max: 27 }),
        fc.constantFrom(...SESSION_DURATIONS),
        (facts, offset, duration) => {
          const date = addIsoDays(localDateOf(NOW, facts.timeZone), offset);
          const day = dayTimes(date, question(facts, duration));
          const offered = new Set(day.starts.map((start) => start.getTime()));
          for (const minute of SLOT_START_MINUTES) {
            const start = zonedInstant(date, minute, facts.timeZone);
            const bookable =
              slotProblem({ start, durationMinutes: duration, now: NOW, facts }) === null;
            expect(offered.has(start.getTime())).toBe(bookable);
          }
          expect(day.closed === null).toBe(day.starts.length > 0);
          for (const start of day.starts) {
            expect(localDateOf(start, facts.timeZone)).toBe(date);
            // The 9 PM end: the last start leaves room for the whole session.
            expect(localMinuteOf(start, facts.timeZone) + duration).toBeLessThanOrEqual(21 * 60);
          }
        },
      ),
    );
  });

  it('finds as next available the earliest time of the first day that has one', () => {
    fc.assert(
      fc.property(arbitraryFacts, fc.constantFrom(...SESSION_DURATIONS), (facts, duration) => {
        const today = localDateOf(NOW, facts.timeZone);
        const days = daysOfTimes(today, PICKER_DAYS, question(facts, duration));
        const next = nextFreeStart(today, PICKER_DAYS, question(facts, duration));
        const all = days.flatMap((day) => day.starts);
        expect(next).toEqual(all[0] ?? null);
        for (const start of all) expect(start.getTime()).toBeGreaterThanOrEqual(next!.getTime());
      }),
    );
  });

  const facts: AvailabilityFacts = {
    timeZone: 'Asia/Kolkata',
    daysOff: ['2026-11-27'],
    unavailableDayParts: DAY_PARTS.map((segment) => ({ date: '2026-11-28', segment })),
    blockedSlots: [],
    busy: [{ start: '2026-11-26T03:30:00Z', end: '2026-11-26T15:30:00Z' }], // all of Thu 26 Nov
  };

  it('calls a day whose times are all taken fully booked, and a day off not available', () => {
    const question20 = question(facts, 20);
    expect(dayTimes('2026-11-26', question20).closed).toBe('FULLY_BOOKED');
    expect(dayTimes('2026-11-27', question20).closed).toBe('NOT_AVAILABLE');
    expect(dayTimes('2026-11-28', question20).closed).toBe('NOT_AVAILABLE');
    expect(dayTimes('2026-11-24', question20).closed).toBe('NOT_AVAILABLE'); // yesterday
  });

  it('offers today only what has not started: 12:30 PM onwards at 12:10 PM', () => {
    const today = dayTimes('2026-11-25', question(facts, 45));
    expect(localMinuteOf(today.starts[0]!, 'Asia/Kolkata')).toBe(12 * 60 + 30);
    // 45 minutes from 8:30 PM would end after 9 PM; 20 minutes would not.
    expect(localMinuteOf(today.starts.at(-1)!, 'Asia/Kolkata')).toBe(20 * 60);
    const short = dayTimes('2026-11-25', question(facts, 20));
    expect(localMinuteOf(short.starts.at(-1)!, 'Asia/Kolkata')).toBe(20 * 60 + 30);
  });

  it('says there is nothing when four weeks hold no free time', () => {
    const away: AvailabilityFacts = {
      ...facts,
      daysOff: Array.from({ length: PICKER_DAYS }, (_, index) => addIsoDays('2026-11-25', index)),
    };
    expect(nextFreeStart('2026-11-25', PICKER_DAYS, question(away, 20))).toBeNull();
    expect(nextFreeStart('2026-11-25', PICKER_DAYS, question(facts, 20))?.toISOString()).toBe(
      '2026-11-25T07:00:00.000Z',
    );
  });
});
