import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthGridDates, type AvailabilityFacts, type Role } from '@sukoon/shared';
import { makeEvent } from '../../testing/render';
import { MonthView } from './month-view';

const facts: AvailabilityFacts = {
  timeZone: 'Asia/Kolkata',
  daysOff: ['2026-03-20'],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [],
};
// Thursday 12 March 2026, 8:30 AM in Kolkata.
const now = new Date('2026-03-12T03:00:00.000Z');
const dates = monthGridDates('2026-03-12', 'monday');

const onFriday = (id: string, hour: number) =>
  makeEvent({
    id,
    title: `Session at ${hour}`,
    startDate: `2026-03-13T${String(hour - 5).padStart(2, '0')}:30:00.000Z`,
    endDate: `2026-03-13T${String(hour - 4).padStart(2, '0')}:15:00.000Z`,
  });
const events = [
  onFriday('00000000-0000-4000-8000-000000000021', 10),
  onFriday('00000000-0000-4000-8000-000000000022', 12),
  onFriday('00000000-0000-4000-8000-000000000023', 14),
  makeEvent({
    id: '00000000-0000-4000-8000-000000000024',
    startDate: '2026-03-17T04:30:00.000Z',
    endDate: '2026-03-17T05:15:00.000Z',
  }),
  makeEvent({
    id: '00000000-0000-4000-8000-000000000025',
    startDate: '2026-03-17T06:30:00.000Z',
    endDate: '2026-03-17T07:15:00.000Z',
  }),
];

function renderMonth(role: Role = 'patient') {
  return render(
    <MonthView
      role={role}
      month="2026-03-12"
      dates={dates}
      today="2026-03-12"
      now={now}
      facts={facts}
      events={events}
      onAddEvent={() => undefined}
    />,
  );
}

/** A phone: the specification's small screen (768 px or less). */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 768px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

// A whole grid renders slowly on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the month view (issue 17)', () => {
  it('says "+1 more event" and "+2 more events", in words and in its name', () => {
    renderMonth();
    const two = screen.getByRole('button', { name: '2 more events on Friday, March 13' });
    expect(two.textContent).toBe('+2 more events');
    const one = screen.getByRole('button', { name: '1 more event on Tuesday, March 17' });
    expect(one.textContent).toBe('+1 more event');
  });

  it('greys past days as the week view does, and writes nothing in 11 px type', () => {
    const { container } = renderMonth();
    const past = container.querySelector<HTMLElement>('[role="gridcell"][data-date="2026-03-10"]')!;
    expect(past.className).toContain('bg-slate-50');
    expect(past.getAttribute('aria-label')).toMatch(/, past, /);
    const future = container.querySelector<HTMLElement>(
      '[role="gridcell"][data-date="2026-03-16"]',
    )!;
    expect(future.className).not.toContain('bg-slate-50');
    expect(container.innerHTML).not.toContain('text-[11px]');
  });

  it('names the sessions on a day off, as well as saying it is off', () => {
    const dayOff = { ...events[3]!, id: '00000000-0000-4000-8000-000000000026' };
    render(
      <MonthView
        role="psychologist"
        month="2026-03-12"
        dates={dates}
        today="2026-03-12"
        now={now}
        facts={{ ...facts, daysOff: ['2026-03-17'] }}
        events={[dayOff]}
        onAddEvent={() => undefined}
      />,
    );
    expect(
      screen.getByRole('gridcell', {
        name: /^Tuesday, March 17, not available, 1 event: Anxiety at work/,
      }),
    ).toBeTruthy();
  });

  it('lists the days one under another on a phone, each with its events and Add Event', () => {
    onPhone();
    renderMonth();
    // The grid keeps the dates (and their lists) but holds no pill or button that cannot fit.
    const grid = screen.getByRole('grid', { name: 'March 2026' });
    expect(within(grid).queryAllByRole('button', { name: /^Add Event/ })).toEqual([]);
    expect(within(grid).queryAllByRole('button', { name: /more event/ })).toEqual([]);
    expect(grid.querySelector('[title]')).toBeNull();
    expect(
      within(grid).getByRole('button', { name: 'Show events on Friday, March 13' }),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'March 2026, day by day' });
    const days = within(list).getAllByRole('heading', { level: 4 });
    expect(days).toHaveLength(31);
    expect(days[12]!.textContent).toContain('Friday, March 13');
    expect(
      within(screen.getByRole('list', { name: 'Events on Friday, March 13' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(3);
    // A free day ahead offers Add Event; a past day and a day off do not.
    expect(screen.getByRole('button', { name: 'Add Event on Monday, March 16' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Event on Tuesday, March 10' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Event on Friday, March 20' })).toBeNull();
    const past = list.querySelector<HTMLElement>('li[data-date="2026-03-10"]')!;
    expect(past.className).toContain('bg-slate-50');
    expect(within(past).getByRole('heading').textContent).toContain('past');
  });
});
