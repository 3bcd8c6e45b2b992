import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatClockRange,
  formatLongDate,
  formatSessionStart,
  formatSessionTime,
  zoneAbbreviation,
  zoneName,
} from './time-format';

const START = new Date('2026-03-10T04:30:00.000Z');
const END = new Date('2026-03-10T05:15:00.000Z');

describe('how times are written', () => {
  it('writes India’s zone as IST under either of its names', () => {
    expect(formatSessionTime(START, END, 'Asia/Kolkata')).toBe(
      'Tuesday, 10 March 2026, 10:00 AM – 10:45 AM IST',
    );
    expect(formatSessionTime(START, END, 'Asia/Calcutta')).toBe(
      formatSessionTime(START, END, 'Asia/Kolkata'),
    );
  });

  it('names a zone in a sentence by its generic name, in the reader’s language', () => {
    expect(zoneName('Asia/Kolkata')).toBe('India Standard Time');
    expect(zoneName('Asia/Calcutta')).toBe('India Standard Time');
    expect(zoneName('Asia/Kolkata', 'hi')).toBe('भारतीय मानक समय');
    // The same name in summer and in winter.
    expect(zoneName('America/New_York')).toBe('Eastern Time');
    expect(zoneName('Europe/Berlin')).toBe('Central European Time');
    expect(zoneName('Asia/Kathmandu')).toBe('Nepal Time');
    // Today's name, not one the zone had long ago (in 1970 Kyiv kept Moscow's time and Thimphu
    // India's).
    expect(zoneName('Europe/Kyiv')).toBe('Eastern European Time');
    expect(zoneName('Asia/Thimphu')).toBe('Bhutan Time');
    expect(zoneName('Europe/Lisbon')).toBe('Western European Time');
    // No name of its own: its offset (Etc/GMT+5 is five hours behind), and UTC as UTC.
    expect(zoneName('Etc/GMT+5')).toBe('GMT-05:00');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Etc/UTC', 'hi')).toBe('UTC');
  });

  it('gives a session’s start in one short line, for a payment provider', () => {
    const start = new Date('2026-11-28T04:30:00.000Z');
    expect(formatSessionStart(start, 'Asia/Kolkata')).toBe('Sat 28 Nov 2026, 10:00 AM IST');
    expect(formatSessionStart(start, 'America/New_York')).toBe('Fri 27 Nov 2026, 11:30 PM EST');
    expect(formatSessionStart(start, 'Europe/London')).toBe('Sat 28 Nov 2026, 4:30 AM GMT');
    expect(formatSessionStart(start, 'Asia/Kolkata', 'hi')).toBe('शनि, 28 नव॰ 2026, 10:00 am IST');
    expect(formatSessionStart(start, 'America/New_York', 'hi')).toMatch(/, 11:30 pm EST$/);
  });

  it('names other zones by a short name or offset, never a raw IANA name', () => {
    expect(formatClockRange(START, END, 'Europe/London')).toBe('4:30 AM – 5:15 AM GMT');
    expect(zoneAbbreviation('Asia/Kathmandu', START)).toBe('GMT+5:45');
    expect(formatClockRange(START, END, 'Asia/Kolkata', false)).toBe('10:00 AM – 10:45 AM');
  });

  it('always writes a clock time as h:mm AM or PM', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
        expect(formatClock(new Date(ms), 'Asia/Kolkata')).toMatch(
          /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/,
        );
      }),
    );
  });

  it('writes a session in Hindi for a Hindi reader, with the zone still IST', () => {
    expect(formatSessionTime(START, END, 'Asia/Kolkata', 'hi')).toBe(
      'मंगलवार, 10 मार्च 2026, 10:00 am – 10:45 am IST',
    );
    expect(formatLongDate(START, 'Asia/Kolkata', 'hi')).toBe('मंगलवार, 10 मार्च 2026');
  });

  it('writes every clock time in Hindi with Western digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
        expect(formatClock(new Date(ms), 'Asia/Kolkata', 'hi')).toMatch(
          /^(1[0-2]|[1-9]):[0-5]\d (am|pm)$/,
        );
      }),
    );
  });
});
