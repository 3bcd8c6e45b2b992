import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type BookingListItem } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { YourSessions } from './your-sessions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = '00000000-0000-4000-8000-0000000000b1';
const now = new Date('2026-03-09T06:00:00.000Z');

function booking(overrides: Partial<BookingListItem>): BookingListItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    booking_id: '00000000-0000-4000-8000-000000000001',
    psychologist_id: '00000000-0000-4000-8000-0000000000a1',
    user_id: USER,
    booking_date: '2026-03-10',
    date: '2026-03-10',
    start_time: '2026-03-10T05:30:00.000Z',
    end_time: '2026-03-10T06:15:00.000Z',
    duration: 45,
    title: 'Anxiety at work',
    description: 'Deadlines',
    patient_name: 'meera_k',
    psychologist_name: 'Dr. Asha Rao',
    status: 'booked',
    payment_status: 'completed',
    attendanceStatus: 'scheduled',
    notes: null,
    meeting_link: null,
    price: 900,
    currency: 'INR',
    canceled_by: null,
    canceled_at: null,
    refund: null,
    hold_expires_at: null,
    policy: DEFAULT_PRACTICE_POLICY,
    patient_moves: 0,
    booked_rates: { session_20_paise: 50_000, session_45_paise: 90_000 },
    paid_paise: null,
    moved_from_start: null,
    ...overrides,
  };
}

const list = [
  booking({
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Follow-up',
    meeting_link: 'https://meet.example.com/follow-up',
  }),
  booking({ title: 'First session' }),
  booking({
    id: '00000000-0000-4000-8000-000000000003',
    title: 'Last week',
    start_time: '2026-03-02T05:30:00.000Z',
    end_time: '2026-03-02T06:15:00.000Z',
  }),
  booking({
    id: '00000000-0000-4000-8000-000000000004',
    title: 'Moved away',
    status: 'canceled',
    payment_status: 'refunded',
    canceled_by: 'patient',
    canceled_at: '2026-03-05T10:00:00.000Z',
    refund: { status: 'processed', amount: 90_000, currency: 'INR', attempts: 1 },
  }),
  booking({
    id: '00000000-0000-4000-8000-000000000005',
    title: 'Doctor unwell',
    status: 'canceled',
    canceled_by: 'psychologist',
    canceled_at: '2026-03-06T10:00:00.000Z',
    refund: { status: 'pending', amount: 50_000, currency: 'INR', attempts: 2 },
  }),
  booking({ id: '00000000-0000-4000-8000-000000000006', title: 'Abandoned', status: 'canceled' }),
];

/** Your sessions as the patient dashboard draws it, in Kolkata at \`now\`, with what a test changes. */
function renderYourSessions(props: Partial<ComponentProps<typeof YourSessions>> = {}) {
  return renderWithQuery(
    <YourSessions
      userId={USER}
      now={now}
      zoneOf={() => 'Asia/Kolkata'}
      viewerZone="Asia/Kolkata"
      onCancel={vi.fn()}
      {...props}
    />,
  );
}

describe('YourSessions', () => {
  it('lists upcoming sessions with Join and Cancel, and canceled ones with their refund', async () => {
    stubApi(() => ({ data: list }));
    const onCancel = vi.fn();
    renderYourSessions({ onCancel });
    const upcoming = await screen.findByRole('list', { name: 'Upcoming (2)' });
    const items = within(upcoming).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Follow-up',
      'First session',
    ]);

    // A day ahead: Join waits for its ten minutes.
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(
      within(items[0]!).getByText('Join appears here 10 minutes before the start.'),
    ).toBeTruthy();
    expect(within(items[1]!).queryByText(/Join appears here/)).toBeNull();
    expect(within(items[1]!).getByText(/appears here once your psychologist adds it/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel First session' }));
    expect(onCancel).toHaveBeenCalledWith(list[1]);

    expect(screen.getByText('Refunded ₹900')).toBeTruthy();
    expect(screen.getByText('Refund pending (₹500), retrying')).toBeTruthy();
    expect(screen.getByText('Canceled by you')).toBeTruthy();
    expect(screen.getByText('Canceled by Dr. Asha Rao')).toBeTruthy();
    // In the psychologist's zone, like the calendar; no second time when the viewer shares it.
    expect(items[1]!.textContent).toContain('Tue 10 Mar · 11:00 AM – 11:45 AM');
    expect(screen.queryByText(/Your time/)).toBeNull();
    // A hold given up during payment was never a session.
    expect(screen.queryByText('Abandoned')).toBeNull();
    expect(screen.queryByText('Last week')).toBeNull();
  });
});

describe('YourSessions: add to a calendar (issue 20)', () => {
  it('offers Google Calendar and Outlook links for each upcoming session, with its time and link', async () => {
    stubApi(() => ({ data: list }));
    renderYourSessions();
    const google = await screen.findByRole('link', {
      name: 'Add Follow-up to Google Calendar (opens in a new tab)',
    });
    const url = new URL(google.getAttribute('href')!);
    expect(url.host).toBe('calendar.google.com');
    expect(url.searchParams.get('text')).toBe('Follow-up (Sukoon session with Dr. Asha Rao)');
    expect(url.searchParams.get('dates')).toBe('20260310T053000Z/20260310T061500Z');
    expect(url.searchParams.get('details')).toBe('Join: https://meet.example.com/follow-up');
    expect(google.getAttribute('rel')).toBe('noopener noreferrer');

    const outlook = screen.getByRole('link', {
      name: 'Add First session to Outlook (opens in a new tab)',
    });
    const outlookUrl = new URL(outlook.getAttribute('href')!);
    expect(outlookUrl.host).toBe('outlook.live.com');
    expect(outlookUrl.searchParams.get('startdt')).toBe('2026-03-10T05:30:00Z');
    expect(outlookUrl.searchParams.get('location')).toBeNull();
    // Only upcoming sessions: none for canceled ones.
    expect(screen.getAllByRole('link', { name: /to Google Calendar/ })).toHaveLength(2);
  });
});

describe('YourSessions: a late cancellation (issue 18)', () => {
  it('labels a partly refunded session with what came back of what was paid', async () => {
    stubApi(() => ({
      data: [
        booking({
          title: 'Too late',
          status: 'canceled',
          payment_status: 'partially_refunded',
          canceled_by: 'patient',
          canceled_at: '2026-03-09T10:00:00.000Z',
          refund: { status: 'processed', amount: 45_000, currency: 'INR', attempts: 1 },
        }),
      ],
    }));
    renderYourSessions();
    expect(await screen.findByText('Partly refunded: ₹450 of ₹900')).toBeTruthy();
    expect(screen.queryByText('Refunded ₹450')).toBeNull();
  });
});

describe('YourSessions in another zone', () => {
  it("adds the viewer's own time where it differs from the psychologist's", async () => {
    stubApi(() => ({ data: [list[1]] }));
    renderYourSessions({ viewerZone: 'Europe/London' });
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain(
      'Tue 10 Mar · 11:00 AM – 11:45 AM (IST)Your time: Tue 10 Mar · 5:30 AM – 6:15 AM (GMT)',
    );
  });
});

describe('YourSessions reads the paged list', () => {
  it('fetches every page, following next_cursor, before showing the sessions', async () => {
    const older = Array.from({ length: 3 }, (_, index) =>
      booking({
        id: `00000000-0000-4000-8000-00000000010${index}`,
        title: `Past ${index}`,
        start_time: `2026-02-0${index + 1}T05:30:00.000Z`,
        end_time: `2026-02-0${index + 1}T06:15:00.000Z`,
      }),
    );
    const calls = stubApi((call) =>
      call.query?.cursor === undefined
        ? { data: older, next_cursor: 'page-2' }
        : call.query?.cursor === 'page-2'
          ? { data: [list[1]], next_cursor: null }
          : { status: 400, error: { code: 'VALIDATION_FAILED', message: 'bad cursor' } },
    );
    renderYourSessions();
    // The upcoming session is on the second page.
    const upcoming = await screen.findByRole('list', { name: 'Upcoming (1)' });
    expect(within(upcoming).getByText('First session')).toBeTruthy();
    // Paid sessions also ask for their receipts (one request for all, in a lazy chunk).
    const pages = calls.filter((call) => call.path.startsWith('/api/bookings'));
    expect(pages.map((call) => [call.path, call.query])).toEqual([
      [`/api/bookings/user/${USER}`, { limit: '200' }],
      [`/api/bookings/user/${USER}`, { limit: '200', cursor: 'page-2' }],
    ]);
  });

  it('stops when the server hands back a cursor it already gave', async () => {
    const calls = stubApi(() => ({ data: [list[1]], next_cursor: 'same' }));
    renderYourSessions();
    await screen.findByRole('list', { name: /Upcoming/ });
    expect(calls.filter((call) => call.path.startsWith('/api/bookings'))).toHaveLength(2);
  });
});

describe('YourSessions offers a paid session’s receipts', () => {
  it('lists each receipt and refund note of the session as a download, and none of others', async () => {
    const paid = booking({ id: '00000000-0000-4000-8000-000000000301', title: 'Paid one' });
    const receipt = {
      id: '00000000-0000-4000-8000-000000000401',
      kind: 'receipt',
      number: 'SK/ASHA/2026-27/000007',
      booking_id: paid.id,
      amount_paise: 90_000,
      issued_at: '2026-03-01T05:00:00.000Z',
    };
    const elsewhere = { ...receipt, id: '00000000-0000-4000-8000-000000000402', booking_id: null };
    stubApi((call) =>
      call.path === '/api/receipts'
        ? { data: [receipt, { ...elsewhere, number: 'SK/ASHA/2026-27/000008' }] }
        : { data: [paid], next_cursor: null },
    );
    renderYourSessions();
    expect(
      await screen.findByRole('button', {
        name: 'Download receipt SK/ASHA/2026-27/000007 (PDF)',
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/000008/)).toBeNull();
  });
});

describe('YourSessions: past sessions and their receipts', () => {
  /** A session that ended `daysAgo` days before `now`, at 11:00 IST. */
  function ended(daysAgo: number) {
    const start = new Date(Date.parse('2026-03-09T05:30:00.000Z') - daysAgo * 86_400_000);
    return booking({
      id: `00000000-0000-4000-8000-0000000006${String(daysAgo).padStart(2, '0')}`,
      title: `Session ${daysAgo} days ago`,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 45 * 60_000).toISOString(),
    });
  }

  it('keeps them behind a toggle beside the heading, latest first, with their receipts', async () => {
    const older = ended(14);
    const latest = ended(7);
    const receipt = {
      id: '00000000-0000-4000-8000-000000000701',
      kind: 'receipt',
      number: 'SK/ASHA/2026-27/000003',
      booking_id: latest.id,
      amount_paise: 90_000,
      issued_at: '2026-02-28T05:00:00.000Z',
    };
    stubApi((call) =>
      call.path === '/api/receipts'
        ? { data: [receipt] }
        : { data: [older, list[1], latest], next_cursor: null },
    );
    renderYourSessions();
    const toggle = await screen.findByRole('button', { name: 'Past sessions (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Upcoming is not crowded by the past.
    expect(screen.queryByText('Session 7 days ago')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const past = screen.getByRole('list', { name: 'Past sessions (2)' });
    // The sessions, not the lists of receipts inside them.
    const items = [...past.children] as HTMLElement[];
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Session 7 days ago',
      'Session 14 days ago',
    ]);
    expect(items[0]!.textContent).toContain('Mon 2 Mar · 11:00 AM – 11:45 AM');
    expect(items[0]!.textContent).toContain('with Dr. Asha Rao');
    // A past session is not joined, moved or canceled any more.
    expect(within(past).queryByRole('button', { name: /Cancel|Reschedule/ })).toBeNull();
    expect(
      await within(items[0]!).findByRole('button', {
        name: 'Download receipt SK/ASHA/2026-27/000003 (PDF)',
      }),
    ).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /Download/ })).toBeNull();
    // Still upcoming: the session of tomorrow.
    expect(
      within(screen.getByRole('list', { name: 'Upcoming (1)' })).getByText('First session'),
    ).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Session 7 days ago')).toBeNull();
  });

  it('shows ten at a time', async () => {
    stubApi(() => ({
      data: Array.from({ length: 13 }, (_, index) => ended(index + 1)),
      next_cursor: null,
    }));
    renderYourSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Past sessions (13)' }));
    const past = screen.getByRole('list', { name: 'Past sessions (13)' });
    expect(past.children).toHaveLength(10);
    expect(within(past).getByText('Session 10 days ago')).toBeTruthy();
    expect(within(past).queryByText('Session 11 days ago')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(past.children).toHaveLength(13);
    // The button has gone: focus is on the first session it added, not lost to the page.
    expect(document.activeElement).toBe(past.children[10]);
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).toBeNull();
  });

  it('asks for an old session’s receipts by themselves when the newest 200 leave them out', async () => {
    const old = ended(300);
    const others = Array.from({ length: 200 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(100_000 + index).padStart(12, '0')}`,
      kind: 'receipt',
      number: `SK/ASHA/2026-27/${String(index + 10).padStart(6, '0')}`,
      booking_id: `00000000-0000-4000-8000-${String(200_000 + index).padStart(12, '0')}`,
      amount_paise: 90_000,
      issued_at: '2026-03-01T05:00:00.000Z',
    }));
    const own = { ...others[0]!, id: '00000000-0000-4000-8000-000000000801', booking_id: old.id };
    const calls = stubApi((call) =>
      call.path !== '/api/receipts'
        ? { data: [old], next_cursor: null }
        : call.query?.booking_id === old.id
          ? { data: [{ ...own, number: 'SK/ASHA/2025-26/000001' }] }
          : { data: others },
    );
    renderYourSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Past sessions (1)' }));
    expect(
      await screen.findByRole('button', { name: 'Download receipt SK/ASHA/2025-26/000001 (PDF)' }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/receipts').map((call) => call.query)).toEqual(
      [undefined, { booking_id: old.id }],
    );
  });

  it('offers no toggle to a patient without past sessions', async () => {
    stubApi(() => ({ data: [list[1]], next_cursor: null }));
    renderYourSessions();
    await screen.findByRole('list', { name: 'Upcoming (1)' });
    expect(screen.queryByRole('button', { name: /Past sessions/ })).toBeNull();
  });
});

describe('YourSessions lists a hold left unpaid', () => {
  const held = booking({
    id: '00000000-0000-4000-8000-000000000201',
    title: 'Unpaid hold',
    status: 'held',
    payment_status: 'pending',
    hold_expires_at: new Date(Date.now() + 8 * 60_000 + 30_000).toISOString(),
  });
  const order = {
    amount: 90_000,
    currency: 'INR',
    order_id: 'order_resume1',
    booking_id: held.id,
    hold_expires_at: held.hold_expires_at!,
    checkout: {},
  };

  it('with its countdown, and resumes paying the same order', async () => {
    const calls = stubApi((call) =>
      call.path.endsWith('/order') ? { data: order } : { data: [held], next_cursor: null },
    );
    const onResumePayment = vi.fn();
    renderYourSessions({ now: new Date(), onResumePayment });
    const list = await screen.findByRole('list', { name: 'Awaiting payment (1)' });
    expect(list.textContent).toMatch(/Slot kept for you for 8:(2\d|30)/);
    expect(list.textContent).toContain('₹900 not paid yet');
    fireEvent.click(screen.getByRole('button', { name: 'Resume paying for Unpaid hold' }));
    await vi.waitFor(() => expect(onResumePayment).toHaveBeenCalledWith(order, held));
    expect(calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/bookings/holds/${held.id}/order`,
    });
  });

  it('releases it, and offers no resume where the page cannot reopen a checkout', async () => {
    let released = false;
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        released = true;
        return { data: { id: held.id, released: true } };
      }
      return { data: released ? [] : [held], next_cursor: null };
    });
    renderYourSessions({ now: new Date() });
    await screen.findByRole('list', { name: 'Awaiting payment (1)' });
    expect(screen.queryByRole('button', { name: /Resume/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Release the slot of Unpaid hold' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('list', { name: /Awaiting payment/ })).toBeNull(),
    );
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith(held.id))).toBe(
      true,
    );
  });

  it('leaves out a hold whose time has run out', async () => {
    stubApi(() => ({
      data: [{ ...held, hold_expires_at: new Date(Date.now() - 1000).toISOString() }],
      next_cursor: null,
    }));
    renderYourSessions({ now: new Date() });
    await screen.findByText(/No upcoming sessions/);
    expect(screen.queryByText('Unpaid hold')).toBeNull();
  });
});

describe('YourSessions: moving a session (issue 18)', () => {
  const render = (
    items: BookingListItem[],
    props: Partial<ComponentProps<typeof YourSessions>>,
  ) => {
    stubApi(() => ({ data: items }));
    renderYourSessions(props);
  };

  it('offers Reschedule, and still offers it with a hint when the policy says no', async () => {
    const onReschedule = vi.fn();
    const late = booking({
      id: '00000000-0000-4000-8000-000000000007',
      title: 'Tomorrow morning',
      policy: { ...DEFAULT_PRACTICE_POLICY, rescheduleNoticeMinutes: 48 * 60 },
    });
    render(
      [
        booking({
          title: 'First session',
          start_time: '2026-03-12T05:30:00.000Z',
          end_time: '2026-03-12T06:15:00.000Z',
        }),
        late,
      ],
      {
        onReschedule,
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule First session' }));
    expect(onReschedule).toHaveBeenCalledWith(expect.objectContaining({ title: 'First session' }));
    expect(screen.getAllByText(/Too late to move it online/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule Tomorrow morning' }));
    expect(onReschedule).toHaveBeenLastCalledWith(late);
  });

  it('says who moved a session from when to when, and asks to keep it or cancel for a full refund', async () => {
    const onAnswerMove = vi.fn();
    const moved = booking({ moved_from_start: '2026-03-09T10:30:00.000Z' });
    render([moved], { onAnswerMove, onReschedule: vi.fn() });
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toMatch(
      /Dr\. Asha Rao moved this session from Mon 9 Mar( 2026)?, 4:00 PM.* to Tue 10 Mar( 2026)?, 11:00 AM/,
    );
    // Answered first: no Reschedule or plain Cancel meanwhile.
    expect(screen.queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Anxiety at work' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the new time of Anxiety at work' }));
    expect(onAnswerMove).toHaveBeenCalledWith(moved, 'keep');
    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel Anxiety at work for a full refund' }),
    );
    expect(onAnswerMove).toHaveBeenLastCalledWith(moved, 'cancel');
  });

  it('shows Join from 10 minutes before the start until the end, as the clock moves', async () => {
    const session = list[0]!;
    stubApi(() => ({ data: [session] }));
    const at = (iso: string) => (
      <YourSessions
        userId={USER}
        now={new Date(iso)}
        zoneOf={() => 'Asia/Kolkata'}
        viewerZone="Asia/Kolkata"
        onCancel={vi.fn()}
      />
    );
    const view = renderWithQuery(at('2026-03-10T05:19:59.000Z'));
    const move = (iso: string) =>
      view.rerender(<QueryClientProvider client={view.client}>{at(iso)}</QueryClientProvider>);
    await screen.findByRole('list', { name: 'Upcoming (1)' });
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();

    move('2026-03-10T05:20:00.000Z');
    const join = screen.getByRole('link', { name: 'Join Follow-up (opens in a new tab)' });
    expect(join.getAttribute('href')).toBe('https://meet.example.com/follow-up');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText(/Join appears here/)).toBeNull();

    move('2026-03-10T06:14:59.000Z');
    expect(screen.getByRole('link', { name: /^Join Follow-up/ })).toBeTruthy();
    move('2026-03-10T06:15:00.000Z');
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
  });
});
