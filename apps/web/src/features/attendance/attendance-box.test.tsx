import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, renderWithQuery, stubApi } from '../../testing/render';
import { AttendanceBox } from './attendance-box';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const now = new Date('2026-03-10T08:00:00.000Z');
const events = [
  makeEvent({ id: '00000000-0000-4000-8000-000000000001', patientName: 'meera_k' }),
  makeEvent({
    id: '00000000-0000-4000-8000-000000000002',
    patientName: 'arjun_s',
    startDate: '2026-03-09T05:30:00.000Z',
    endDate: '2026-03-09T06:15:00.000Z',
    attendanceStatus: 'attended',
  }),
  makeEvent({
    id: '00000000-0000-4000-8000-000000000003',
    patientName: null,
    title: 'Supervision',
    startDate: '2026-03-12T05:30:00.000Z',
    endDate: '2026-03-12T05:50:00.000Z',
  }),
];

function rowNames() {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

function choose(name: RegExp | string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
}

describe('AttendanceBox', () => {
  it('lists Pending, Completed and All by the shared rules', () => {
    renderWithQuery(
      <AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" defaultOpen />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pending (1)',
      'Completed',
      'All',
    ]);
    expect(rowNames()).toEqual(['meera_k']);
    expect(within(screen.getByRole('tabpanel')).getByText('Not marked')).toBeTruthy();

    choose('Completed');
    expect(rowNames()).toEqual(['arjun_s']);
    expect(within(screen.getByRole('tabpanel')).getByText('Present')).toBeTruthy();

    choose('All');
    expect(rowNames()).toEqual(['arjun_s', 'meera_k', 'Supervision']);
    // A future session says it is scheduled and cannot be marked yet.
    expect(within(screen.getByRole('tabpanel')).getByText('Scheduled')).toBeTruthy();
  });

  it('says so when a tab is empty', () => {
    renderWithQuery(
      <AttendanceBox events={[events[1]!]} now={now} timeZone="Asia/Kolkata" defaultOpen />,
    );
    expect(
      screen.getByText('Nothing to mark. A session shows up here once it has started.'),
    ).toBeTruthy();
  });

  it('collapses to a toggle with the Pending count, and focus follows the toggle', () => {
    renderWithQuery(
      <AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" defaultOpen={false} />,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Attendance Pending (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const hide = screen.getByRole('button', { name: /Hide attendance/ });
    expect(document.activeElement).toBe(hide);
    expect(screen.getByRole('tablist')).toBeTruthy();
    fireEvent.click(hide);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Attendance Pending (1)' }),
    );
  });

  it('sits in the page, open or collapsed, never floating over the week grid', () => {
    const { container } = renderWithQuery(
      <AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" defaultOpen={false} />,
    );
    const floating = () =>
      [...container.querySelectorAll<HTMLElement>('*')].filter((element) =>
        /(^|\s)(fixed|absolute|sticky)(\s|$)/.test(element.className),
      );
    expect(floating()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Attendance Pending (1)' }));
    expect(screen.getByRole('region', { name: 'Attendance' })).toBeTruthy();
    expect(floating()).toEqual([]);
  });

  it('starts collapsed, and remembers the choice', () => {
    const first = renderWithQuery(
      <AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Attendance Pending (1)' }));
    expect(screen.getByRole('tablist')).toBeTruthy();
    first.unmount();
    renderWithQuery(<AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" />);
    expect(screen.getByRole('tablist')).toBeTruthy();
  });

  it('announces a marked session even when the refreshed list moved it out of Pending first', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const marked = { ...events[0]!, attendanceStatus: 'attended' as const };
    stubApi(async () => {
      await answered;
      return { data: marked };
    });
    const props = { now, timeZone: 'Asia/Kolkata', defaultOpen: true };
    const view = renderWithQuery(<AttendanceBox events={events} {...props} />);
    fireEvent.click(screen.getByRole('button', { name: /Mark attendance/ }));
    // The form's code is fetched when it is first opened.
    fireEvent.click(await screen.findByRole('button', { name: 'Present' }));
    view.rerender(
      <QueryClientProvider client={view.client}>
        <AttendanceBox events={[marked, events[1]!, events[2]!]} {...props} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Present' })).toBeNull();
    answer();
    await waitFor(() =>
      expect(screen.getByText('Marked meera_k (Anxiety at work) Present.')).toBeTruthy(),
    );
  });

  it('shows a failed load with a way to try again, never as "Nothing to mark"', () => {
    const onRetry = vi.fn();
    renderWithQuery(
      <AttendanceBox
        events={[]}
        now={now}
        timeZone="Asia/Kolkata"
        defaultOpen
        error="Network error. Please check your internet connection and try again."
        onRetry={onRetry}
      />,
    );
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByText(/Nothing to mark/)).toBeNull();
    expect(within(panel).getByRole('alert').textContent).toContain(
      'The sessions could not be loaded: Network error.',
    );
    // Not loaded, the Pending count is unknown rather than 0.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pending',
      'Completed',
      'All',
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();

    choose('Completed');
    expect(screen.queryByText('No sessions marked Present or Absent yet.')).toBeNull();
    expect(within(screen.getByRole('tabpanel')).getByRole('alert')).toBeTruthy();
  });

  it('collapsed, says the sessions are not loaded instead of Pending (0)', () => {
    renderWithQuery(
      <AttendanceBox
        events={[]}
        now={now}
        timeZone="Asia/Kolkata"
        defaultOpen={false}
        error="Server error. Please try again later."
      />,
    );
    expect(screen.getByRole('button', { name: 'Attendance Not loaded' })).toBeTruthy();
  });

  it('while the sessions load, counts none: the toggle and the tab say Pending, not Pending (0)', () => {
    const { client, rerender } = renderWithQuery(
      <AttendanceBox events={[]} now={now} timeZone="Asia/Kolkata" loading defaultOpen={false} />,
    );
    const toggle = screen.getByRole('button', { name: 'Attendance Pending' });
    fireEvent.click(toggle);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pending',
      'Completed',
      'All',
    ]);
    rerender(
      <QueryClientProvider client={client}>
        <AttendanceBox events={events} now={now} timeZone="Asia/Kolkata" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeTruthy();
  });

  it('keeps the last lists when a refresh fails, and says so', () => {
    renderWithQuery(
      <AttendanceBox
        events={events}
        now={now}
        timeZone="Asia/Kolkata"
        defaultOpen
        error="Server error. Please try again later."
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'The sessions could not be refreshed: Server error.',
    );
    expect(rowNames()).toEqual(['meera_k']);
  });
});
