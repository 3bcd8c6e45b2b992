import { describe, expect, it } from 'vitest';
import { formatListIn, formatWeekdayIn } from './format';

const start = new Date('2030-03-11T04:30:00Z');

describe('the times an email words beyond the shared time words', () => {
  it('writes English as before', () => {
    expect(formatWeekdayIn('en', start, 'Asia/Kolkata')).toBe('Monday');
    expect(formatListIn('en', ['24 hours', '1 hour'])).toBe('24 hours and 1 hour');
  });

  it('writes Hindi weekday names and lists', () => {
    expect(formatWeekdayIn('hi', start, 'Asia/Kolkata')).toBe('सोमवार');
    expect(formatListIn('hi', ['24 घंटे', '1 घंटा'])).toBe('24 घंटे और 1 घंटा');
  });
});
