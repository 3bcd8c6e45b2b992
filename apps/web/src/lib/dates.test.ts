import { afterEach, describe, expect, it } from 'vitest';
import { setPageLocale } from '../i18n/locale';
import { hourLabel, weekLabel } from '../features/practice/practice-format';
import { formatLongDay } from '../features/time-picker/format';
import {
  formatClockRange,
  formatDate,
  formatDateRange,
  formatMinuteLabel,
  formatNextAvailable,
  formatSessionDay,
  formatSessionTime,
} from './dates';

const START = new Date('2026-11-27T04:30:00.000Z'); // Friday 27 November, 10:00 AM IST
const END = new Date('2026-11-27T05:15:00.000Z');

describe('dates in the page’s language', () => {
  afterEach(() => setPageLocale('en'));

  it('writes English with the day before the month, as the picker and emails do', () => {
    expect(formatSessionDay(START, 'Asia/Kolkata')).toBe('Fri 27 Nov');
    expect(formatNextAvailable(START, 'Asia/Kolkata')).toBe('Fri 27 Nov, 10:00 AM');
    expect(formatClockRange(START, END, 'Asia/Kolkata')).toBe('10:00 AM – 10:45 AM IST');
    expect(formatLongDay('2026-11-27')).toBe('Friday, 27 November');
    expect(hourLabel(0)).toBe('12 AM');
    expect(formatMinuteLabel(9 * 60 + 30)).toBe('9:30 AM');
    expect(weekLabel('2026-04-06', true)).toBe('6 Apr 2026');
  });

  it('writes a week as one run of dates, the month and year once where they are shared', () => {
    // ICU sets the dash between thin spaces in English.
    const dash = '\u2009–\u2009';
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe(`23${dash}29 Nov 2026`);
    expect(formatDateRange('2026-11-30', '2026-12-06')).toBe(`30 Nov${dash}6 Dec 2026`);
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe(`28 Dec 2026${dash}3 Jan 2027`);
    setPageLocale('hi');
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('23–29 नव॰ 2026');
    expect(formatDateRange('2026-11-30', '2026-12-06')).toBe('30 नव॰ – 6 दिस॰ 2026');
  });

  it('writes Hindi day and month names, Western digits and IST once the page is in Hindi', () => {
    setPageLocale('hi');
    expect(formatSessionDay(START, 'Asia/Kolkata')).toBe('शुक्र, 27 नव॰');
    expect(formatNextAvailable(START, 'Asia/Kolkata')).toBe('शुक्र, 27 नव॰, 10:00 am');
    expect(formatSessionTime(START, END, 'Asia/Kolkata')).toBe(
      'शुक्रवार, 27 नवंबर 2026, 10:00 am – 10:45 am IST',
    );
    expect(formatDate('2026-11-27', { weekday: 'short' })).toBe('शुक्र');
    expect(formatLongDay('2026-11-27')).toBe('शुक्रवार, 27 नवंबर');
    expect(hourLabel(21)).toBe('9 pm');
    expect(weekLabel('2026-04-06')).toBe('6 अप्रैल');
    expect(formatMinuteLabel(21 * 60)).toBe('9:00 pm');
  });
});
