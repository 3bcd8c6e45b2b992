import { describe, expect, it } from 'vitest';
import { formatInr, formatSessionStart, formatSessionTime } from '@sukoon/shared';
import { formatInrIn, formatSessionStartIn, formatSessionTimeIn } from './format';

const start = new Date('2030-03-11T04:30:00Z');
const end = new Date('2030-03-11T05:15:00Z');

describe('times and money as an email’s reader reads them', () => {
  it('keeps English exactly as the shared formatters write it', () => {
    expect(formatSessionTimeIn('en', start, end, 'Asia/Kolkata')).toBe(
      formatSessionTime(start, end, 'Asia/Kolkata'),
    );
    expect(formatSessionStartIn('en', start, 'Europe/London')).toBe(
      formatSessionStart(start, 'Europe/London'),
    );
    expect(formatInrIn('en', 12_345_650)).toBe(formatInr(12_345_650));
  });

  it('writes Hindi weekday and month names with Western digits, and rupees grouped the Indian way', () => {
    expect(formatSessionTimeIn('hi', start, end, 'Asia/Kolkata')).toBe(
      'सोमवार, 11 मार्च 2030, 10:00–10:45 am IST',
    );
    expect(formatSessionStartIn('hi', start, 'Asia/Kolkata')).toBe(
      'सोम, 11 मार्च 2030, 10:00 am IST',
    );
    expect(formatInrIn('hi', 12_345_650)).toBe('₹1,23,456.50');
    expect(formatInrIn('hi', 90_000)).toBe('₹900');
  });
});
