import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  SLOT_START_MINUTES,
  weekDates,
  zonedInstant,
  type AvailabilityFacts,
  type PracticePolicy,
} from '@sukoon/shared';
import { cellState, isDayPartHidden, weekCells } from './cell-state';

const facts: AvailabilityFacts = {
  timeZone: 'Asia/Kolkata',
  daysOff: ['2030-03-14'],
  unavailableDayParts: [{ date: '2030-03-12', segment: 'evening' }],
  blockedSlots: [zonedInstant('2030-03-13', 600, 'Asia/Kolkata').toISOString()],
  busy: [
    {
      start: zonedInstant('2030-03-15', 630, 'Asia/Kolkata').toISOString(),
      end: zonedInstant('2030-03-15', 675, 'Asia/Kolkata').toISOString(),
    },
  ],
};
const now = new Date('2030-03-12T06:00:00Z'); // 11:30 IST on the 12th

describe('cellState', () => {
  it('draws each cell by the shared slot rule', () => {
    expect(cellState('2030-03-12', 660, facts, now, 'patient')).toBe('past');
    expect(cellState('2030-03-12', 720, facts, now, 'patient')).toBe('free');
    expect(cellState('2030-03-12', 1020, facts, now, 'patient')).toBe('unavailable');
    expect(cellState('2030-03-13', 600, facts, now, 'patient')).toBe('blocked');
    expect(cellState('2030-03-14', 720, facts, now, 'patient')).toBe('day-off');
    expect(cellState('2030-03-15', 630, facts, now, 'patient')).toBe('booked');
    // The session ends at 11:15, so a patient may start a 20-minute session at 11:30.
    expect(cellState('2030-03-15', 690, facts, now, 'patient')).toBe('free');
  });

  it('judges a patient’s cell by the shortest session and a psychologist’s by the half hour', () => {
    // 4:30 PM on the 12th: 20 minutes fit before the evening (off); the whole half hour does too.
    expect(cellState('2030-03-12', 990, facts, now, 'patient')).toBe('free');
    expect(cellState('2030-03-12', 990, facts, now, 'psychologist')).toBe('free');
    // 11:00 on the 15th overlaps the session that ends at 11:15 for either.
    expect(cellState('2030-03-15', 660, facts, now, 'psychologist')).toBe('booked');
  });

  it('does not offer a patient a cell inside the notice, beyond the horizon or inside the break', () => {
    const policy: PracticePolicy = {
      ...DEFAULT_PRACTICE_POLICY,
      minNoticeMinutes: 120,
      horizonWeeks: 1,
      breakMinutes: 15,
    };
    // Now is 11:30 IST: 12:00 and 1:00 PM are inside 2 h of notice, 2:00 PM is not.
    expect(cellState('2030-03-12', 720, facts, now, 'patient', policy)).toBe('unavailable');
    expect(cellState('2030-03-12', 780, facts, now, 'patient', policy)).toBe('unavailable');
    expect(cellState('2030-03-12', 840, facts, now, 'patient', policy)).toBe('free');
    // The session on the 15th is 10:30 to 11:15. A 20-minute session at 10:00 ends at 10:20: free
    // without a break, too close with 15 minutes kept after it; 11:30 starts once the break is over.
    expect(cellState('2030-03-15', 600, facts, now, 'patient')).toBe('free');
    expect(cellState('2030-03-15', 600, facts, now, 'patient', policy)).toBe('unavailable');
    expect(cellState('2030-03-15', 690, facts, now, 'patient', policy)).toBe('free');
    // One week ahead at most: the 19th at noon is past it, the 18th is not.
    expect(cellState('2030-03-18', 720, facts, now, 'patient', policy)).toBe('free');
    expect(cellState('2030-03-19', 720, facts, now, 'patient', policy)).toBe('unavailable');
    // The psychologist's own calendar is not bound by the policy they set for patients.
    expect(cellState('2030-03-12', 720, facts, now, 'psychologist', policy)).toBe('free');
  });

  it('hides a day part for psychologists only when it is off on every displayed day', () => {
    const week = ['2030-03-11', '2030-03-12'];
    expect(isDayPartHidden(facts, week, 'evening')).toBe(false);
    expect(isDayPartHidden(facts, ['2030-03-12'], 'evening')).toBe(true);
  });
});

describe('weekCells', () => {
  const policy: PracticePolicy = {
    ...DEFAULT_PRACTICE_POLICY,
    minNoticeMinutes: 120,
    horizonWeeks: 1,
    breakMinutes: 15,
  };
  // Weeks with clock changes (New York and London in March, Sydney in April) and without.
  const cases = [
    { zone: 'Asia/Kolkata', date: '2030-03-12' },
    { zone: 'America/New_York', date: '2030-03-10' },
    { zone: 'Europe/London', date: '2030-03-31' },
    { zone: 'Australia/Sydney', date: '2030-04-07' },
  ];
  it.each(cases)('gives every cell of a week in $zone what cellState gives', ({ zone, date }) => {
    const dates = weekDates(date);
    const zoned: AvailabilityFacts = {
      timeZone: zone,
      daysOff: [dates[3]!],
      unavailableDayParts: [{ date: dates[1]!, segment: 'evening' }],
      blockedSlots: [zonedInstant(dates[2]!, 600, zone).toISOString()],
      busy: [
        {
          start: zonedInstant(dates[4]!, 630, zone).toISOString(),
          end: zonedInstant(dates[4]!, 675, zone).toISOString(),
        },
      ],
    };
    const at = zonedInstant(dates[1]!, 690, zone);
    for (const role of ['patient', 'psychologist'] as const) {
      for (const rules of [undefined, policy]) {
        const cells = weekCells(dates, SLOT_START_MINUTES, zoned, at, role, rules);
        for (const day of dates) {
          for (const minute of SLOT_START_MINUTES) {
            expect(cells.get(`${day}|${minute}`)).toEqual({
              start: zonedInstant(day, minute, zone),
              state: cellState(day, minute, zoned, at, role, rules),
            });
          }
        }
      }
    }
  });
});
