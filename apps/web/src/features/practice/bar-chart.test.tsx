import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

afterEach(cleanup);

const weeks = ['30 Mar 2026', '6 Apr 2026', '13 Apr 2026'];

function renderChart() {
  return render(
    <BarChart
      title="Sessions by outcome per week"
      summary="5 sessions: 2 attended, 1 absent."
      labelHeader="Week of"
      labels={weeks}
      axisLabels={['30 Mar', '6 Apr', '13 Apr']}
      series={[
        { name: 'Attended', stroke: 'stroke-brand-600', swatch: 'bg-brand-600', values: [1, 0, 1] },
        { name: 'Absent', stroke: 'stroke-amber-500', swatch: 'bg-amber-500', values: [0, 1, 0] },
      ]}
      stacked
      formatValue={String}
      formatAxis={String}
    />,
  );
}

describe('a Practice chart', () => {
  it('gives its numbers as a table to screen readers, with its summary, and hides the drawing', () => {
    const { container } = renderChart();
    const table = screen.getByRole('table', { name: 'Sessions by outcome per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Week ofAttendedAbsent',
      '30 Mar 202610',
      '6 Apr 202601',
      '13 Apr 202610',
    ]);
    expect(within(table).getByRole('rowheader', { name: '6 Apr 2026' })).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toMatch(
      /^Sessions by outcome per week/,
    );
    expect(screen.getByText('5 sessions: 2 attended, 1 absent.')).toBeTruthy();
    // The SVG is drawn for the eye only.
    expect(container.querySelector('.practice-chart')?.getAttribute('aria-hidden')).toBe('true');
    expect(table.parentElement?.classList.contains('sr-only')).toBe(true);
  });

  it('shows the table in the chart’s place from a button', () => {
    const { container } = renderChart();
    const toggle = screen.getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(container.querySelector('.practice-chart')).toBeNull();
    expect(screen.getByRole('table').parentElement?.classList.contains('sr-only')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(container.querySelector('.practice-chart')).not.toBeNull();
  });
});
