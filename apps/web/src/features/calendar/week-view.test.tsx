import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { weekDates, type AvailabilityFacts } from '@sukoon/shared';
import { makeEvent } from '../../testing/render';
import { WeekView, type WeekViewProps } from './week-view';

const facts: AvailabilityFacts = {
  timeZone: 'Asia/Kolkata',
  daysOff: [],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [],
};
// Thursday 12 March 2026, 8:30 AM in Kolkata; the week is 9–15 March.
const now = new Date('2026-03-12T03:00:00.000Z');
const dates = weekDates('2026-03-12', 'monday');

function weekGrid(props: Partial<WeekViewProps> = {}) {
  return (
    <WeekView
      role="psychologist"
      dates={dates}
      today="2026-03-12"
      now={now}
      facts={facts}
      events={[]}
      onFreeSlot={() => undefined}
      onToggleDay={() => undefined}
      onToggleDayPart={() => undefined}
      onToggleSlot={() => undefined}
      {...props}
    />
  );
}

const renderWeek = (props: Partial<WeekViewProps> = {}) => render(weekGrid(props));

// A whole grid renders slowly on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.querySelector('body > header')?.remove();
});

describe('the week grid on a phone and a laptop (issue 17)', () => {
  it('shows the start time on a 20-minute pill, beside its title', () => {
    const short = makeEvent({
      title: 'A rather long session title that cannot fit',
      startDate: '2026-03-13T04:30:00.000Z',
      endDate: '2026-03-13T04:50:00.000Z',
      durationMinutes: 20,
    });
    renderWeek({ events: [short] });
    const cell = screen.getByRole('gridcell', { name: /^Friday, March 13 at 10:00 AM: / });
    const pill = cell.querySelector<HTMLElement>('[title]')!;
    // One line: the time is not hidden (sr-only) and comes before the title that gets cut short.
    const time = within(pill).getByText('10:00 AM');
    expect(time.closest('.sr-only')).toBeNull();
    expect(time.className).toContain('shrink-0');
    expect(within(pill).getByText(short.title).className).toContain('truncate');
  });

  it('writes nothing in 11 px type', () => {
    const { container } = renderWeek({
      events: [
        makeEvent({ startDate: '2026-03-13T04:30:00.000Z', endDate: '2026-03-13T05:15:00.000Z' }),
      ],
      facts: { ...facts, blockedSlots: ['2026-03-13T06:30:00.000Z'] },
    });
    expect(container.innerHTML).not.toContain('text-[11px]');
  });

  it('keeps the day headers in a box of their own that sticks under the app header', async () => {
    const header = document.createElement('header');
    header.style.position = 'sticky';
    document.body.prepend(header);
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 61 }),
    );
    renderWeek();
    const head = screen.getAllByRole('rowgroup')[0]!;
    expect(within(head).getAllByRole('columnheader')).toHaveLength(8);
    expect(head.className).toContain('sticky');
    await waitFor(() => expect(head.style.top).toBe('61px'));
    // The rows scroll sideways in their own box; the headers follow them.
    const body = screen.getAllByRole('rowgroup')[1]!;
    expect(body.className).toContain('overflow-x-auto');
    body.scrollLeft = 300;
    fireEvent.scroll(body);
    expect(head.scrollLeft).toBe(300);
  });

  it('opens scrolled to today where the grid is wider than its box', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(120 + 7 * 160);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(341);
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      const column = Number(this.dataset.column ?? 0);
      return 120 + column * 160;
    });
    renderWeek();
    const body = screen.getAllByRole('rowgroup')[1]!;
    // Thursday is the fourth day: three columns of 160 px to its left (set in the next frame).
    await waitFor(() => expect(body.scrollLeft).toBe(3 * 160));
  });

  it('shares out the width of a wide screen among the days, never less than 160 px each', () => {
    renderWeek();
    const day = screen.getByRole('columnheader', { name: /^Thursday, March 12, today/ });
    expect(day.className).toMatch(/\bflex-1\b/);
    expect(day.style.minWidth).toBe('160px');
    expect(day.style.width).toBe('');
    expect(screen.getByRole('grid').className).toContain('w-full');
  });
});

describe('a patient’s own unpaid hold in the grid (issue 17, defect 6)', () => {
  const held = makeEvent({
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Closed the tab',
    status: 'held',
    paymentStatus: 'pending',
    startDate: '2026-03-13T05:30:00.000Z',
    endDate: '2026-03-13T05:50:00.000Z',
    durationMinutes: 20,
  });
  const booked = makeEvent({ title: 'Paid already' });

  it('opens to pay for it; a paid session is not a button for the patient', () => {
    const onOpenEvent = vi.fn();
    renderWeek({ role: 'patient', events: [held, booked], onOpenEvent });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now for Closed the tab' }));
    expect(onOpenEvent).toHaveBeenCalledWith(held);
    expect(screen.queryByRole('button', { name: /Paid already/ })).toBeNull();
  });

  it('is still an event to edit for the psychologist', () => {
    const onOpenEvent = vi.fn();
    renderWeek({ events: [held], onOpenEvent });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Event Closed the tab' }));
    expect(onOpenEvent).toHaveBeenCalledWith(held);
  });
});

describe('Join on a patient’s session in the grid (issue 20)', () => {
  // Thursday 12 March, 10:00–10:45 AM in Kolkata; the clock is 8:30 AM.
  const session = makeEvent({
    title: 'With a room',
    meetingLink: 'https://meet.jit.si/a8f3c2d19e7b4a60b5d1c3e2f4a6b8c0',
    startDate: '2026-03-12T04:30:00.000Z',
    endDate: '2026-03-12T05:15:00.000Z',
  });
  const join = () => screen.queryByRole('link', { name: 'Join With a room (opens in a new tab)' });

  it('is offered from 10 minutes before the start until the end, as in Your sessions', () => {
    const at = (iso: string) =>
      renderWeek({ role: 'patient', events: [session], now: new Date(iso) });
    at('2026-03-12T04:19:00.000Z');
    expect(join()).toBeNull();
    cleanup();
    at('2026-03-12T04:20:00.000Z');
    expect(join()?.getAttribute('href')).toBe(session.meetingLink);
    cleanup();
    at('2026-03-12T05:14:59.000Z');
    expect(join()).not.toBeNull();
    cleanup();
    at('2026-03-12T05:15:00.000Z');
    expect(join()).toBeNull();
  });

  it('is not on the psychologist’s pill, which opens the session instead', () => {
    renderWeek({ events: [session], now: new Date('2026-03-12T04:30:00.000Z') });
    expect(join()).toBeNull();
  });
});

describe('moving a session (issue 18)', () => {
  const session = makeEvent({
    startDate: '2026-03-13T04:30:00.000Z',
    endDate: '2026-03-13T05:15:00.000Z',
  });

  it('lets a patient open their booked session to reschedule it', () => {
    const onOpenEvent = vi.fn();
    renderWeek({
      role: 'patient',
      events: [session],
      onOpenEvent,
      canOpenEvent: (event) => event.status === 'booked',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule Anxiety at work' }));
    expect(onOpenEvent).toHaveBeenCalledWith(session);
  });

  it('lets a psychologist drop a patient’s session only on a cell where it fits', () => {
    const onMoveEvent = vi.fn();
    renderWeek({
      events: [session],
      // The session itself, and someone else at 1:00 PM on Friday.
      facts: {
        ...facts,
        busy: [
          { start: session.startDate, end: session.endDate },
          { start: '2026-03-13T07:30:00.000Z', end: '2026-03-13T08:15:00.000Z' },
        ],
      },
      onMoveEvent,
      canMoveEvent: () => true,
    });
    const pill = screen
      .getByRole('gridcell', { name: /^Friday, March 13 at 10:00 AM: / })
      .querySelector<HTMLElement>('[draggable="true"]')!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(pill, { dataTransfer });

    // 12:30 PM would run into 1:00 PM; 10:30 AM overlaps only the session itself.
    const taken = screen.getByRole('gridcell', { name: /^Friday, March 13 at 12:30 PM: / });
    expect(taken.className).not.toContain('ring-brand-600');
    fireEvent.drop(taken, { dataTransfer });
    expect(onMoveEvent).not.toHaveBeenCalled();

    fireEvent.dragStart(pill, { dataTransfer });
    const free = screen.getByRole('gridcell', { name: /^Friday, March 13 at 10:30 AM: / });
    expect(free.className).toContain('ring-brand-600');
    fireEvent.drop(free, { dataTransfer });
    expect(onMoveEvent).toHaveBeenCalledWith(session, new Date('2026-03-13T05:00:00.000Z'));
  });
});

describe('drawn again only when what it shows changes (issue 19)', () => {
  const session = makeEvent({ title: 'Anita’s session' });
  const deleteButton = () => screen.queryByRole('button', { name: /^Delete Event/ });

  it('calls the latest handler without drawing again, and follows a new predicate', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const props = { events: [session], canDeleteEvent: () => true };
    // The same handlers and data each time, as the calendar's renders hand them.
    const handlers = {
      onFreeSlot: () => undefined,
      onToggleDay: () => undefined,
      onToggleDayPart: () => undefined,
      onToggleSlot: () => undefined,
    };
    const grid = (next: Partial<WeekViewProps>) => weekGrid({ ...handlers, ...props, ...next });
    const { rerender } = render(grid({ onDeleteEvent: first }));

    rerender(grid({ onDeleteEvent: latest }));
    fireEvent.click(deleteButton()!);
    expect(latest).toHaveBeenCalledWith(session);
    expect(first).not.toHaveBeenCalled();

    // The session has started since: a new predicate says so, and the grid draws it.
    rerender(grid({ onDeleteEvent: latest, canDeleteEvent: () => false }));
    expect(deleteButton()).toBeNull();
  });
});
