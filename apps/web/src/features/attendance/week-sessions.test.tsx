import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, renderWithQuery } from '../../testing/render';
import { WeekSessions } from './week-sessions';

afterEach(cleanup);

const dates = [
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-14',
  '2026-03-15',
];
const now = new Date('2026-03-10T08:00:00.000Z');
const week = { dates, timeZone: 'Asia/Kolkata', now };

describe('WeekSessions', () => {
  it('while the week’s sessions load, says so: neither a count nor "No sessions booked"', () => {
    renderWithQuery(<WeekSessions {...week} events={[]} loading />);
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('Sessions this week');
    expect(screen.getByRole('status').textContent).toBe('Loading sessions...');
    expect(screen.queryByText('No sessions booked in this week.')).toBeNull();
  });

  it('once loaded, counts the week’s sessions, or says there are none', () => {
    const { client, rerender } = renderWithQuery(
      <WeekSessions {...week} events={[makeEvent({ patientName: 'meera_k' })]} loading={false} />,
    );
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('Sessions this week (1)');
    rerender(
      <QueryClientProvider client={client}>
        <WeekSessions {...week} events={[]} loading={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('No sessions booked in this week.')).toBeTruthy();
  });
});
