import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  type Availability,
  type CalendarEvent,
  type Psychologist,
} from '@sukoon/shared';
import { makeEvent, renderWithQuery, stubApi, type ApiCall } from '../../testing/render';
import { Calendar } from './calendar';

const PSYCHOLOGIST = '00000000-0000-4000-8000-0000000000a1';
// Tuesday 10 March 2026, 8:30 AM in Kolkata: the week shown is 9–15 March.
const NOW = new Date('2026-03-10T03:00:00.000Z');

/** Two sessions on Wednesday morning (10:00 and 11:00 AM in Kolkata). */
const wednesdaySessions: CalendarEvent[] = [
  makeEvent({
    id: '00000000-0000-4000-8000-000000000011',
    patientName: 'meera_k',
    title: 'Anxiety at work',
    startDate: '2026-03-11T04:30:00.000Z',
    endDate: '2026-03-11T05:15:00.000Z',
  }),
  makeEvent({
    id: '00000000-0000-4000-8000-000000000012',
    patientName: 'arjun_s',
    title: 'Sleep check-in',
    startDate: '2026-03-11T05:30:00.000Z',
    endDate: '2026-03-11T05:50:00.000Z',
    durationMinutes: 20,
  }),
];

function serve(
  facts: Partial<Availability> = {},
  events: CalendarEvent[] = wednesdaySessions,
  psychologist: Partial<Psychologist> = {},
) {
  return stubApi((call: ApiCall) => {
    if (call.path.startsWith('/api/psychologists/'))
      return {
        data: {
          id: PSYCHOLOGIST,
          displayName: 'Dr. Asha Rao',
          timeZone: 'Asia/Kolkata',
          session_20_minute_rate: 500,
          session_45_minute_rate: 900,
          ...psychologist,
        },
      };
    if (call.path === '/api/availability')
      return {
        data: {
          psychologistId: PSYCHOLOGIST,
          timeZone: 'Asia/Kolkata',
          from: call.query?.from,
          to: call.query?.to,
          daysOff: [],
          unavailableDayParts: [],
          blockedSlots: [],
          busy: [],
          ...facts,
        },
      };
    if (call.path === '/api/events') return { data: events };
    return { data: { date: '2026-03-11', updated: true } };
  });
}

/** Finding in a whole calendar, whose first render is slow on a busy machine. */
const slow = { timeout: 10_000 };

const patches = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PATCH');

// A whole calendar renders slowly on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("a psychologist's day or day part with sessions in it (issue 17, defect 2)", () => {
  it('warns before a day holding sessions is marked not available, names them, and lets them go back', async () => {
    const calls = serve();
    renderWithQuery(<Calendar role="psychologist" psychologistId={PSYCHOLOGIST} />);
    const toggle = await screen.findByRole(
      'button',
      { name: 'Mark Not available on Wednesday, March 11' },
      slow,
    );
    fireEvent.click(toggle);

    // The warning's code is fetched when first needed (or when the page is idle).
    const warning = await screen.findByRole(
      'alertdialog',
      { name: 'Mark Wednesday, March 11 not available?' },
      slow,
    );
    expect(warning.textContent).toContain('2 booked sessions stay booked; cancel them separately.');
    const named = within(within(warning).getByRole('list')).getAllByRole('listitem');
    expect(named.map((item) => item.textContent)).toEqual([
      'meera_k: Anxiety at workWed, Mar 11, 10:00 AM – 10:45 AM',
      'arjun_s: Sleep check-inWed, Mar 11, 11:00 AM – 11:20 AM',
    ]);
    expect(patches(calls)).toEqual([]);

    fireEvent.click(within(warning).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches(calls)).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(toggle));

    fireEvent.click(toggle);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, slow)).getByRole('button', {
        name: 'Mark not available',
      }),
    );
    await waitFor(() =>
      expect(patches(calls).map((call) => [call.path, call.body])).toEqual([
        ['/api/availability/toggle-day', { date: '2026-03-11', status: 'Unavailable' }],
      ]),
    );
  });

  it('marks a day without sessions at once, and asks before a whole week of mornings that holds two', async () => {
    const calls = serve();
    renderWithQuery(<Calendar role="psychologist" psychologistId={PSYCHOLOGIST} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark Not available on Thursday, March 12' }, slow),
    );
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark Morning Unavailable' }));
    const warning = await screen.findByRole(
      'alertdialog',
      { name: 'Mark Morning unavailable all week?' },
      slow,
    );
    expect(warning.textContent).toContain('2 booked sessions stay booked; cancel them separately.');
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches(calls)).toHaveLength(1);

    // The afternoon holds none: no question asked.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark Afternoon Unavailable' }));
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(1 + 7));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks through a day's own Parts menu too, naming only that part's sessions", async () => {
    const calls = serve();
    renderWithQuery(<Calendar role="psychologist" psychologistId={PSYCHOLOGIST} />);
    const parts = await screen.findByRole(
      'button',
      { name: 'Day parts of Wednesday, March 11' },
      slow,
    );
    // Before the menu's code has come, a stand-in button asks for it (a click); once it is here,
    // Radix's trigger opens on a primary-button pointer down.
    fireEvent.pointerDown(parts, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(parts);
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Morning' }, slow));
    const warning = await screen.findByRole(
      'alertdialog',
      { name: 'Mark Morning of Wednesday, March 11 unavailable?' },
      slow,
    );
    expect(warning.textContent).toContain('2 booked sessions stay booked; cancel them separately.');
    fireEvent.click(within(warning).getByRole('button', { name: 'Mark Morning unavailable' }));
    await waitFor(() =>
      expect(patches(calls).map((call) => call.body)).toEqual([
        { date: '2026-03-11', segment: 'morning', status: 'Unavailable' },
      ]),
    );
  });

  it('keeps a morning that is off all week in sight while it holds sessions', async () => {
    const week = ['09', '10', '11', '12', '13', '14', '15'].map((day) => `2026-03-${day}`);
    serve({ unavailableDayParts: week.map((date) => ({ date, segment: 'morning' as const })) });
    renderWithQuery(
      <Calendar role="psychologist" psychologistId={PSYCHOLOGIST} onOpenEvent={() => undefined} />,
    );
    expect(
      await screen.findByRole('button', { name: 'Edit Event Anxiety at work' }, slow),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Event Sleep check-in' })).toBeTruthy();
    expect(screen.queryByText(/Morning is hidden/)).toBeNull();
    expect(
      screen.getByRole('gridcell', { name: /^Wednesday, March 11 at 10:00 AM: Unavailable; / }),
    ).toBeTruthy();
  });

  it('still collapses a morning that is off all week and holds nothing', async () => {
    const week = ['09', '10', '11', '12', '13', '14', '15'].map((day) => `2026-03-${day}`);
    serve({ unavailableDayParts: week.map((date) => ({ date, segment: 'morning' as const })) }, []);
    renderWithQuery(<Calendar role="psychologist" psychologistId={PSYCHOLOGIST} />);
    expect(
      await screen.findByText(
        'Morning is hidden: marked unavailable every day this week.',
        {},
        slow,
      ),
    ).toBeTruthy();
  });
});

describe("the patient's legend", () => {
  it('gives every swatch a border that can be seen against the page', async () => {
    serve({}, []);
    renderWithQuery(<Calendar role="patient" psychologistId={PSYCHOLOGIST} />);
    const legend = await screen.findByRole('list', { name: 'Legend' }, slow);
    const swatches = [...legend.querySelectorAll('[data-swatch]')];
    expect(swatches).toHaveLength(3);
    for (const swatch of swatches) {
      // slate-500 and amber-700 are 4.8:1 and 5:1 against white, over the 3:1 asked of a graphic.
      expect(swatch.className).toMatch(/\bborder\b/);
      expect(swatch.className).toMatch(/\bborder-(slate-500|amber-700)\b/);
    }
  });
});

describe("the patient's week under the psychologist's policy (issue 18)", () => {
  it('does not offer times inside the minimum notice', async () => {
    serve({}, [], { policy: { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes: 24 * 60 } });
    renderWithQuery(<Calendar role="patient" psychologistId={PSYCHOLOGIST} />);
    // Now is Tuesday 8:30 AM: a day's notice rules out Tuesday afternoon, not Wednesday 10:00 AM.
    expect(
      await screen.findByRole('gridcell', { name: /March 10 at 2:00 PM: Unavailable/ }, slow),
    ).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: /March 11 at 10:00 AM: Free/ })).toBeTruthy();
  });

  it('offers the same afternoon when the psychologist asks no notice', async () => {
    serve({}, [], { policy: DEFAULT_PRACTICE_POLICY });
    renderWithQuery(<Calendar role="patient" psychologistId={PSYCHOLOGIST} />);
    expect(
      await screen.findByRole('gridcell', { name: /March 10 at 2:00 PM: Free/ }, slow),
    ).toBeTruthy();
  });
});
