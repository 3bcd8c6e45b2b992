import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../testing/render';
import { TodayAttendance } from './today-attendance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const now = new Date('2026-03-10T12:00:00.000Z');
const names = ['meera_k', 'arjun_s', 'Supervision', 'ravi_p', 'lata_m'];
const sessions = names.map((name, index) =>
  makeEvent({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    patientName: name === 'Supervision' ? null : name,
    title: name === 'Supervision' ? 'Supervision' : 'Session',
    startDate: `2026-03-10T0${4 + index}:30:00.000Z`,
    endDate: `2026-03-10T0${4 + index}:50:00.000Z`,
    attendanceStatus: index === 0 ? 'attended' : index === 1 ? 'canceled' : 'scheduled',
  }),
);

/** jsdom has no matchMedia: answer the phone breakpoint as a phone would. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 768px)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const entries = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe("Today's Attendance", () => {
  it('lists who, when and Present / Absent / Not marked on a large screen', () => {
    render(<TodayAttendance sessions={sessions} now={now} timeZone="Asia/Kolkata" />);
    expect(screen.getByRole('heading', { name: "Today's Attendance (5)" })).toBeTruthy();
    expect(entries()).toEqual([
      'meera_kTue 10 Mar · 10:00 AM – 10:20 AM✓Present',
      'arjun_sTue 10 Mar · 11:00 AM – 11:20 AM✗Absent',
      'SupervisionTue 10 Mar · 12:00 PM – 12:20 PMNot marked',
      'ravi_pTue 10 Mar · 1:00 PM – 1:20 PMNot marked',
      'lata_mTue 10 Mar · 2:00 PM – 2:20 PMNot marked',
    ]);
  });

  it('on a phone: a collapsible list of the first 3, with a way to see the rest', () => {
    onPhone();
    render(<TodayAttendance sessions={sessions} now={now} timeZone="Asia/Kolkata" />);
    expect(entries()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 (2 more)' }));
    expect(entries()).toHaveLength(5);

    const toggle = screen.getByRole('button', { name: /Today's Attendance \(5\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(entries()).toHaveLength(0);
  });

  it('says when there is nothing today', () => {
    render(<TodayAttendance sessions={[]} now={now} timeZone="Asia/Kolkata" />);
    expect(screen.getByText('No sessions today.')).toBeTruthy();
  });

  it('shows a failed load with a way to try again, never as "No sessions today."', () => {
    const onRetry = vi.fn();
    render(
      <TodayAttendance
        sessions={[]}
        now={now}
        timeZone="Asia/Kolkata"
        error="Network error. Please check your internet connection and try again."
        onRetry={onRetry}
      />,
    );
    expect(screen.queryByText('No sessions today.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(
      'Today’s sessions could not be loaded: Network error.',
    );
    // Not loaded, the count is unknown: no "(0)".
    expect(screen.getByRole('heading').textContent).toBe("Today's Attendance");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('with nothing today, a failed refresh of other days still counts 0 and says it was not refreshed', () => {
    render(
      <TodayAttendance
        sessions={[]}
        loaded
        now={now}
        timeZone="Asia/Kolkata"
        error="Network error."
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe("Today's Attendance (0)");
    expect(screen.getByText('No sessions today.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Today’s sessions could not be refreshed: Network error.',
    );
  });

  it('keeps the last list when a refresh fails, and says so', () => {
    render(
      <TodayAttendance
        sessions={sessions}
        now={now}
        timeZone="Asia/Kolkata"
        error="Server error. Please try again later."
        onRetry={vi.fn()}
        retrying
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Today’s sessions could not be refreshed: Server error.',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Trying again...' }).disabled,
    ).toBe(true);
    expect(entries()).toHaveLength(5);
  });
});
