import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { periodKey, type PracticePeriod } from '@sukoon/shared';
import { PeriodNav } from './period-nav';

afterEach(cleanup);

// Wednesday 25 November 2026, 10 AM in India.
const NOW = new Date('2026-11-25T04:30:00.000Z');

function Harness({ start }: { start: PracticePeriod }) {
  const [period, setPeriod] = useState(start);
  return (
    <>
      <PeriodNav period={period} onChange={setPeriod} now={NOW} />
      <output>{periodKey(period)}</output>
    </>
  );
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const key = () => screen.getByRole('status').textContent;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the Practice page’s period navigation', () => {
  it('steps through months, and back to this month', () => {
    render(<Harness start={{ kind: 'month', year: 2026, month: 11 }} />);
    expect(heading()).toBe('November 2026');
    expect(button('This month').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(heading()).toBe('September 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(key()).toBe('2026-10');
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect(heading()).toBe('November 2026');
  });

  it('changes kind to the quarter and financial year that hold the period, April to March', () => {
    render(<Harness start={{ kind: 'month', year: 2027, month: 2 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(heading()).toBe('Q4 FY 2026–27 (Jan–Mar 2027)');
    expect(screen.getByRole('button', { name: 'Quarter' })?.getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next quarter' }));
    expect(heading()).toBe('Q1 FY 2027–28 (Apr–Jun 2027)');
    fireEvent.click(screen.getByRole('button', { name: 'Financial year' }));
    expect(key()).toBe('FY2027');
    fireEvent.click(screen.getByRole('button', { name: 'Previous financial year' }));
    expect(heading()).toBe('FY 2026–27 (Apr 2026–Mar 2027)');
    // November 2026 is in it: this year, so "This year" has nowhere to go.
    expect(button('This year').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(heading()).toBe('April 2026');
  });

  it('stops at the first year it knows', () => {
    render(<Harness start={{ kind: 'fy', fy: 2000 }} />);
    expect(button('Previous financial year').disabled).toBe(true);
    expect(button('Next financial year').disabled).toBe(false);
  });
});
