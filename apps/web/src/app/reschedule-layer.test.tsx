import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type Availability, type Psychologist } from '@sukoon/shared';
import { makeEvent, renderWithQuery, stubApi } from '../testing/render';
import { useRescheduleLayer } from './reschedule-layer';

// The dialog's code is fetched when it opens: on a busy machine that takes longer than the default
// one-second wait.
const LAZY = { timeout: 5_000 };

// Sunday 8 March 2026, 11:30 AM in India; the session is on Tuesday 10 March at 11:00 AM.
const NOW = new Date('2026-03-08T06:00:00.000Z');
const session = makeEvent();
const psychologist: Psychologist = {
  id: session.psychologistId,
  displayName: 'Dr. Asha Rao',
  timeZone: 'Asia/Kolkata',
  session_20_minute_rate: 600,
  session_45_minute_rate: 900,
  specializations: [],
  languages: [],
  bio: '',
  yearsOfPractice: null,
  registrationNumber: null,
  policy: DEFAULT_PRACTICE_POLICY,
};
const availability: Availability = {
  psychologistId: psychologist.id,
  timeZone: 'Asia/Kolkata',
  from: '2026-03-08',
  to: '2026-04-04',
  daysOff: [],
  unavailableDayParts: [],
  blockedSlots: [],
  busy: [{ start: session.startDate, end: session.endDate }],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Harness() {
  const reschedule = useRescheduleLayer('patient', NOW);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          reschedule.answer({
            event: makeEvent({
              movedFrom: {
                startDate: '2026-03-09T10:30:00.000Z',
                endDate: '2026-03-09T11:15:00.000Z',
              },
            }),
            viewer: 'patient',
            timeZone: 'Asia/Kolkata',
          })
        }
      >
        Open moved session
      </button>
      <button
        type="button"
        onClick={() =>
          reschedule.move({ event: session, viewer: 'patient', timeZone: 'Asia/Kolkata' })
        }
      >
        Open Reschedule
      </button>
      {reschedule.layer}
    </>
  );
}

describe('the reschedule layer', () => {
  it('loads the flow, offers the session’s own picker, moves it and refreshes the calendar and lists', async () => {
    const calls = stubApi((call) =>
      call.method === 'PATCH'
        ? { data: { ...session, startDate: '2026-03-12T06:00:00.000Z' } }
        : call.path.startsWith('/api/availability')
          ? { data: availability }
          : { data: psychologist },
    );
    const { client } = renderWithQuery(<Harness />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Open Reschedule' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reschedule session' }, LAZY);
    const days = await within(dialog).findByRole('list', { name: 'Days' });
    fireEvent.click(within(days).getByRole('button', { name: /^Thursday, 12 March/ }));
    fireEvent.click(
      within(dialog).getByRole('button', { name: /^Move to Thursday, 12 March at 11:30 AM/ }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move session' }));
    expect(await within(dialog).findByText(/^Moved to Thu 12 Mar/)).toBeTruthy();

    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/api/bookings/${session.id}/reschedule`,
      body: { start_time: '2026-03-12T06:00:00.000Z' },
    });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['events', 'availability', 'bookings']));
  });

  it('opens a moved session’s answer with both choices, from when to when, and sends the one chosen', async () => {
    const calls = stubApi(() => ({
      data: { booking_id: session.id, decision: 'cancel', refund_paise: 90_000 },
    }));
    renderWithQuery(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open moved session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session was moved' }, LAZY);
    expect(dialog.textContent).toMatch(
      /Dr\. Asha Rao moved this session from Mon 9 Mar( 2026)?, 4:00 PM.* to Tue 10 Mar( 2026)?, 11:00 AM/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel for a full refund' }));
    expect(within(dialog).getByText('Cancel this session and get a full refund?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel for a full refund' }));
    expect(await within(dialog).findByText(/is refunded in full/)).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/bookings/${session.id}/move-decision`,
      body: { decision: 'cancel' },
    });
  });
});
