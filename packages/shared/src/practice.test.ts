import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRACTICE_PERIOD_KINDS,
  financialYearOf,
  istDateKey,
  istWeekStart,
  parsePeriodKey,
  periodBounds,
  periodContaining,
  periodKey,
  periodLabel,
  periodWeeks,
  shiftPeriod,
  type PracticePeriod,
} from './practice';

const instants = fc
  .date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-01-01T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()));
const kinds = fc.constantFrom(...PRACTICE_PERIOD_KINDS);
const periods = fc.tuple(kinds, instants).map(([kind, at]) => periodContaining(kind, at));

describe('practice periods (IST, financial year from April)', () => {
  it('puts the financial year boundary at midnight IST between 31 March and 1 April', () => {
    expect(periodBounds({ kind: 'fy', fy: 2025 })).toEqual({
      from: new Date('2025-03-31T18:30:00.000Z'),
      to: new Date('2026-03-31T18:30:00.000Z'),
    });
    // 11:59 PM on 31 March IST is the old year; one minute later, the new one.
    expect(financialYearOf(new Date('2026-03-31T18:29:00.000Z'))).toBe(2025);
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe(2026);
  });

  it('numbers quarters from April', () => {
    const at = (iso: string) => periodContaining('quarter', new Date(iso));
    expect(at('2026-04-01T00:00:00+05:30')).toEqual({ kind: 'quarter', fy: 2026, quarter: 1 });
    expect(at('2026-09-30T23:59:00+05:30')).toEqual({ kind: 'quarter', fy: 2026, quarter: 2 });
    expect(at('2026-12-31T23:59:00+05:30')).toEqual({ kind: 'quarter', fy: 2026, quarter: 3 });
    expect(at('2027-01-01T00:00:00+05:30')).toEqual({ kind: 'quarter', fy: 2026, quarter: 4 });
    expect(periodLabel({ kind: 'quarter', fy: 2026, quarter: 4 })).toBe(
      'Q4 FY 2026–27 (Jan–Mar 2027)',
    );
    expect(periodLabel({ kind: 'fy', fy: 2026 })).toBe('FY 2026–27 (Apr 2026–Mar 2027)');
    expect(periodLabel({ kind: 'month', year: 2026, month: 11 })).toBe('November 2026');
    expect(periodLabel({ kind: 'month', year: 2026, month: 11 }, 'en')).toBe('November 2026');
  });

  it('names periods in Hindi with Hindi month names (issue 22)', () => {
    expect(periodLabel({ kind: 'month', year: 2026, month: 11 }, 'hi')).toBe('नवंबर 2026');
    expect(periodLabel({ kind: 'quarter', fy: 2026, quarter: 3 }, 'hi')).toBe(
      'Q3 FY 2026–27 (अक्टू॰–दिस॰ 2026)',
    );
    expect(periodLabel({ kind: 'fy', fy: 2026 }, 'hi')).toBe('FY 2026–27 (अप्रैल 2026 – मार्च 2027)');
    // Every period has its own name in either language (the page tells the current one by it).
    const names = new Set<string>();
    for (let year = 2025; year <= 2027; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        names.add(periodLabel({ kind: 'month', year, month }, 'hi'));
      }
      for (let quarter = 1; quarter <= 4; quarter += 1) {
        names.add(periodLabel({ kind: 'quarter', fy: year, quarter }, 'hi'));
      }
      names.add(periodLabel({ kind: 'fy', fy: year }, 'hi'));
    }
    expect(names.size).toBe(3 * 17);
    for (const name of names) expect(name).not.toMatch(/[A-Z][a-z]/);
  });

  it('reads back every key it writes, and refuses others', () => {
    fc.assert(
      fc.property(periods, (period) => {
        expect(parsePeriodKey(periodKey(period))).toEqual(period);
      }),
    );
    for (const bad of ['2026-13', '2026-00', 'FY2026-Q5', 'fy2026', '1999-12', '2026-1', ''])
      expect(parsePeriodKey(bad)).toBeNull();
  });

  it('holds the instant it was made from, within bounds that start at midnight IST', () => {
    fc.assert(
      fc.property(kinds, instants, (kind, at) => {
        const { from, to } = periodBounds(periodContaining(kind, at));
        expect(from.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(to.getTime());
        expect(new Date(from.getTime() + 330 * 60_000).getUTCHours()).toBe(0);
      }),
    );
  });

  it('steps to the period that starts where this one ends, and back', () => {
    fc.assert(
      fc.property(periods, fc.integer({ min: -30, max: 30 }), (period, steps) => {
        expect(periodBounds(shiftPeriod(period, 1)).from).toEqual(periodBounds(period).to);
        expect(shiftPeriod(shiftPeriod(period, steps), -steps)).toEqual(period);
      }),
    );
  });

  it('splits a financial year into four quarters and twelve months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2001, max: 2098 }), (fy) => {
        const year = periodBounds({ kind: 'fy', fy });
        const q1: PracticePeriod = { kind: 'quarter', fy, quarter: 1 };
        expect(periodBounds(q1).from).toEqual(year.from);
        expect(periodBounds(shiftPeriod(q1, 3)).to).toEqual(year.to);
        const april: PracticePeriod = { kind: 'month', year: fy, month: 4 };
        expect(periodBounds(april).from).toEqual(year.from);
        expect(periodBounds(shiftPeriod(april, 11)).to).toEqual(year.to);
      }),
    );
  });

  it('starts weeks on Monday midnight IST and covers the period with them', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const start = istWeekStart(at);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - start.getTime()).toBeLessThan(7 * 86_400_000);
        // Monday 00:00 in India is Sunday 18:30 UTC.
        expect(start.getUTCDay()).toBe(0);
        expect(start.getUTCHours() * 60 + start.getUTCMinutes()).toBe(18 * 60 + 30);
      }),
    );
    fc.assert(
      fc.property(periods, (period) => {
        const weeks = periodWeeks(period);
        const { from, to } = periodBounds(period);
        expect(weeks[0]).toBe(istDateKey(istWeekStart(from)));
        expect(weeks.at(-1)).toBe(istDateKey(istWeekStart(new Date(to.getTime() - 1))));
      }),
    );
    // Sunday 11:59 PM IST is still the week of the Monday before.
    expect(istDateKey(istWeekStart(new Date('2026-11-29T23:59:00+05:30')))).toBe('2026-11-23');
    expect(istDateKey(istWeekStart(new Date('2026-11-30T00:00:00+05:30')))).toBe('2026-11-30');
  });
});
