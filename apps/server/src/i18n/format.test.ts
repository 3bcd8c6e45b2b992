import { describe, expect, it } from 'vitest';
import { formatSessionStart } from '@sukoon/shared';
import { formatListIn, formatSessionStartIn, formatWeekdayIn } from './format';

const start = new Date('2030-03-11T04:30:00Z');

describe('times as an email’s reader reads them', () => {
  it('keeps English exactly as the shared formatters write it', () => {
    expect(formatSessionStartIn('en', start, 'Europe/London')).toBe(
      formatSessionStart(start, 'Europe/London'),
    );
    expect(formatWeekdayIn('en', start, 'Asia/Kolkata')).toBe('Monday');
    expect(formatListIn('en', ['24 hours', '1 hour'])).toBe('24 hours and 1 hour');
  });

  it('writes Hindi weekday and month names with Western digits, and the zone as IST', () => {
    expect(formatSessionStartIn('hi', start, 'Asia/Kolkata')).toBe(
      'सोम, 11 मार्च 2030, 10:00 am IST',
    );
    expect(formatWeekdayIn('hi', start, 'Asia/Kolkata')).toBe('सोमवार');
  });
});
