import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CreateOrderBody,
  EventCreateBody,
  EventUpdateBody,
  LATEST_START_MINUTE,
  MeetingLink,
  isMeetingLink,
  clampCompleteStart,
  clampStartMinute,
  durationOf,
  endMinuteFor,
  fromClockParts,
  isBookableStartMinute,
  latestStartMinute,
  sessionFeeInr,
  toClockParts,
} from './booking';
import { formatInr } from './payments';
import { slotProblem, zonedInstant, type AvailabilityFacts } from './calendar';
import { WORKING_DAY_END_MINUTE, WORKING_DAY_START_MINUTE } from './constants';

describe('event form time rules', () => {
  it('clamps any start to 9:00 AM-8:59 PM and keeps starts already inside', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5_000, max: 5_000 }), (minute) => {
        const clamped = clampStartMinute(minute);
        expect(clamped).toBeGreaterThanOrEqual(WORKING_DAY_START_MINUTE);
        expect(clamped).toBeLessThanOrEqual(LATEST_START_MINUTE);
        if (minute >= WORKING_DAY_START_MINUTE && minute <= LATEST_START_MINUTE) {
          expect(clamped).toBe(minute);
        }
      }),
    );
    expect(clampStartMinute(8 * 60 + 59)).toBe(9 * 60);
    expect(clampStartMinute(21 * 60)).toBe(20 * 60 + 59);
  });

  it('ends at start plus duration, never after 9:00 PM and always after the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.constantFrom(20, 45),
        (minute, duration) => {
          const start = clampStartMinute(minute);
          const end = endMinuteFor(minute, duration);
          expect(end).toBeGreaterThan(start);
          expect(end).toBeLessThanOrEqual(WORKING_DAY_END_MINUTE);
          expect(end).toBe(Math.min(start + duration, WORKING_DAY_END_MINUTE));
        },
      ),
    );
    expect(endMinuteFor(20 * 60 + 30, 45)).toBe(21 * 60);
  });

  it('round-trips the hour / minute / AM-PM pickers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minute) => {
        const parts = toClockParts(minute);
        expect(parts.hour).toBeGreaterThanOrEqual(1);
        expect(parts.hour).toBeLessThanOrEqual(12);
        expect(fromClockParts(parts.hour, parts.minute, parts.period)).toBe(minute);
      }),
    );
    expect(toClockParts(12 * 60)).toEqual({ hour: 12, minute: 0, period: 'PM' });
  });
});

/** What the shared slot rule says of a start on an otherwise free day, well ahead of `now`. */
function problemOf(minute: number, duration: number, date: string, timeZone: string) {
  const facts: AvailabilityFacts = {
    timeZone,
    daysOff: [],
    unavailableDayParts: [],
    blockedSlots: [],
    busy: [],
  };
  return slotProblem({
    start: zonedInstant(date, minute, timeZone),
    durationMinutes: duration,
    now: new Date('2027-01-01T00:00:00Z'),
    facts,
  });
}

const clockParts = fc.record({
  hour: fc.integer({ min: 1, max: 12 }),
  minute: fc.integer({ min: 0, max: 59 }),
  period: fc.constantFrom('AM' as const, 'PM' as const),
});
const zones = fc.constantFrom(
  'Asia/Kolkata',
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
);
const dates = fc
  .integer({ min: 0, max: 300 })
  .map((days) => new Date(Date.UTC(2027, 0, 10) + days * 86_400_000).toISOString().slice(0, 10));

describe('the start-time picker (issue 17, defect 1)', () => {
  it('clamps a complete time only to a start the slot rule accepts, for that length', () => {
    fc.assert(
      fc.property(
        clockParts,
        fc.constantFrom(20, 45),
        dates,
        zones,
        (parts, duration, date, zone) => {
          const start = clampCompleteStart(parts, duration);
          expect(start).not.toBeNull();
          expect(problemOf(start!, duration, date, zone)).toBeNull();
          expect(isBookableStartMinute(start!, duration)).toBe(true);
        },
      ),
    );
  });

  it('keeps every complete time the slot rule accepts exactly as chosen', () => {
    fc.assert(
      fc.property(
        clockParts,
        fc.constantFrom(20, 45),
        dates,
        zones,
        (parts, duration, date, zone) => {
          const chosen = fromClockParts(parts.hour, parts.minute, parts.period);
          const bookable = problemOf(chosen, duration, date, zone) === null;
          expect(isBookableStartMinute(chosen, duration)).toBe(bookable);
          if (bookable) expect(clampCompleteStart(parts, duration)).toBe(chosen);
        },
      ),
    );
  });

  it('reads 3 then PM, and PM then 3, as 3:00 PM', () => {
    // From 10:00 AM: the hour first, then PM.
    const hourFirst = { ...toClockParts(10 * 60), hour: 3, period: 'PM' as const };
    expect(clampCompleteStart(hourFirst, 20)).toBe(15 * 60);
    const periodFirst = { ...toClockParts(10 * 60), period: 'PM' as const, hour: 3 };
    expect(clampCompleteStart(periodFirst, 45)).toBe(15 * 60);
  });

  it('waits for every part before clamping', () => {
    expect(clampCompleteStart({ hour: 3, minute: 0 }, 20)).toBeNull();
    expect(clampCompleteStart({ minute: 0, period: 'PM' }, 20)).toBeNull();
    expect(clampCompleteStart({ hour: 13, minute: 0, period: 'PM' }, 20)).toBeNull();
  });

  it('moves a late start to the latest one that ends by 9:00 PM', () => {
    expect(latestStartMinute(20)).toBe(20 * 60 + 40);
    expect(latestStartMinute(45)).toBe(20 * 60 + 15);
    expect(clampCompleteStart({ hour: 8, minute: 50, period: 'PM' }, 20)).toBe(20 * 60 + 40);
    expect(clampCompleteStart({ hour: 3, minute: 0, period: 'AM' }, 45)).toBe(9 * 60);
    expect(clampCompleteStart({ hour: 11, minute: 30, period: 'PM' }, 45)).toBe(20 * 60 + 15);
  });
});

describe('fees and payloads', () => {
  it('uses the psychologist’s rate, else 500 / 900', () => {
    expect(sessionFeeInr(null, 20)).toBe(500);
    expect(sessionFeeInr({}, 45)).toBe(900);
    expect(sessionFeeInr({ session_20_minute_rate: 650, session_45_minute_rate: 1200 }, 45)).toBe(
      1200,
    );
  });

  it('accepts 20 and 45 minute sessions only', () => {
    const start = '2026-03-10T04:30:00.000Z';
    expect(durationOf(start, '2026-03-10T04:50:00.000Z')).toBe(20);
    expect(durationOf(start, '2026-03-10T05:15:00.000Z')).toBe(45);
    expect(durationOf(start, '2026-03-10T05:00:00.000Z')).toBeNull();
  });

  it('takes the title from the body or the original client’s notes', () => {
    const base = {
      psychologist_id: '0a7c1f5e-3a34-4f6b-9d7a-2a1c8e2d9f10',
      start_time: '2026-03-10T04:30:00.000Z',
      duration: 45,
    };
    const fromNotes = CreateOrderBody.parse({
      ...base,
      notes: { event_title: ' Sleep ', event_description: 'Trouble sleeping' },
    });
    expect(fromNotes).toMatchObject({
      title: 'Sleep',
      description: 'Trouble sleeping',
      color: 'blue',
    });
    const missing = CreateOrderBody.safeParse(base);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      'Event name is required',
      'Description is required',
    ]);
  });

  it('wants meeting links that are https:// URLs', () => {
    expect(MeetingLink.safeParse(' https://meet.google.com/abc-defg-hij ').data).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
    expect(MeetingLink.safeParse('').error?.issues[0]?.message).toBe('Meeting link is required');
    expect(MeetingLink.safeParse('http://zoom.us/j/1').success).toBe(false);
    expect(MeetingLink.safeParse('https://not a url').success).toBe(false);
  });
});

describe('formatInr', () => {
  it('writes whole rupees without paise and other amounts with two digits, grouped the Indian way', () => {
    expect(formatInr(90_000)).toBe('₹900');
    expect(formatInr(123_456_750)).toBe('₹12,34,567.50');
    expect(formatInr(50)).toBe('₹0.50');
  });
});

describe('meeting links', () => {
  it.each([
    'https://meet.google.com/abc-defg-hij',
    'https://us02web.zoom.us/j/81234567890?pwd=aBcD1234',
    'https://meet.jit.si/sukoon-session-42',
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Zj%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d',
    'https://xn--80ak6aa92e.com/room',
  ])('accepts %s', (link) => {
    expect(isMeetingLink(link)).toBe(true);
  });

  it.each([
    ['http', 'http://meet.example.com/abc'],
    ['a script', 'javascript:alert(1)'],
    ['credentials that hide the real host', 'https://meet.google.com@evil.example/x'],
    ['a quote breaking out of an attribute', 'https://a.b"><x'],
    ['a right-to-left override', 'https://meet.example.com/\u202Egnp.exe'],
    ['a space', 'https://meet.example.com/a b'],
    ['no dot in the host', 'https://localhost/room'],
    ['an empty label', 'https://meet..example.com/'],
    ['no host', 'https://'],
  ])('refuses %s', (_name, link) => {
    expect(isMeetingLink(link)).toBe(false);
  });
});

describe('a psychologist’s own event (issue 17, defect 9)', () => {
  const event = {
    title: 'Supervision',
    startDate: '2030-03-11T04:30:00.000Z',
    endDate: '2030-03-11T04:50:00.000Z',
    meetingLink: 'https://meet.example.com/s',
  };

  it('needs no Problems Facing, and keeps its limit when one is given', () => {
    expect(EventCreateBody.parse(event).description).toBe('');
    expect(EventCreateBody.parse({ ...event, description: ' Peer group ' }).description).toBe(
      'Peer group',
    );
    expect(EventCreateBody.safeParse({ ...event, description: 'a'.repeat(2001) }).success).toBe(
      false,
    );
    expect(EventUpdateBody.safeParse({ description: '' }).success).toBe(true);
  });
});
