import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addIsoDays, DEFAULT_PRACTICE_POLICY, type Availability } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { TimePicker } from './time-picker';

const PSYCHOLOGIST = {
  id: '00000000-0000-4000-8000-0000000000a1',
  timeZone: 'Asia/Kolkata',
  session_20_minute_rate: 600,
  session_45_minute_rate: 1100,
};
// 12:10 PM on Wednesday 25 November 2026 in India.
const NOW = new Date('2026-11-25T06:40:00.000Z');

function availability(overrides: Partial<Availability> = {}): Availability {
  return {
    psychologistId: PSYCHOLOGIST.id,
    timeZone: 'Asia/Kolkata',
    from: '2026-11-25',
    to: '2026-12-22',
    daysOff: [],
    unavailableDayParts: [],
    blockedSlots: [],
    busy: [],
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('TimePicker', () => {
  it('asks for four weeks from today and offers the free times of the day of the next one', async () => {
    const calls = stubApi(() => ({
      data: availability({
        // The rest of today is taken; tomorrow is off; Friday has only its afternoon.
        busy: [{ start: '2026-11-25T06:30:00.000Z', end: '2026-11-25T15:30:00.000Z' }],
        daysOff: ['2026-11-26'],
        unavailableDayParts: [
          { date: '2026-11-27', segment: 'morning' },
          { date: '2026-11-27', segment: 'evening' },
        ],
      }),
    }));
    const onPick = vi.fn();
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={onPick} />);

    expect(await screen.findByText('Fri 27 Nov, 12:00 PM')).toBeTruthy();
    expect(calls[0]?.query).toMatchObject({ from: '2026-11-25', to: addIsoDays('2026-11-25', 27) });
    const days = screen.getByRole('list', { name: 'Days' });
    expect(within(days).getByRole('button', { name: /^Wednesday, 25 November: Fully booked$/ }));
    expect(within(days).getByRole('button', { name: /^Thursday, 26 November: Not available$/ }));
    const friday = within(days).getByRole('button', { name: /^Friday, 27 November: 10 times$/ });
    expect(friday.getAttribute('aria-pressed')).toBe('true');

    expect(screen.getByRole('heading', { name: 'Afternoon' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Morning' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Book Friday, 27 November at 3:30 PM/ }));
    expect(onPick).toHaveBeenCalledWith({
      start: new Date('2026-11-27T10:00:00.000Z'),
      durationMinutes: 20,
    });
  });

  it('shows both fees and offers for 45 minutes only starts that end by 9 PM', async () => {
    stubApi(() => ({ data: availability() }));
    const onPick = vi.fn();
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={onPick} />);
    await screen.findByRole('list', { name: 'Days' });
    expect(screen.getByRole('radio', { name: /20 min\s*₹600/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Book Wednesday, 25 November at 8:30 PM/ }));

    fireEvent.click(screen.getByRole('radio', { name: /45 min\s*₹1,100/ }));
    expect(
      screen.queryByRole('button', { name: /^Book Wednesday, 25 November at 8:30 PM/ }),
    ).toBeNull();
    // Today's first time is the next half hour: 12:30 PM at 12:10 PM.
    fireEvent.click(
      screen.getByRole('button', { name: /^Book Wednesday, 25 November at 12:30 PM/ }),
    );
    expect(onPick).toHaveBeenCalledWith({
      start: new Date('2026-11-25T07:00:00.000Z'),
      durationMinutes: 45,
    });
  });

  it('keeps the length and day chosen when drawn anew (a change of language, a reload)', async () => {
    stubApi(() => ({ data: availability() }));
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={vi.fn()} />);
    await screen.findByRole('list', { name: 'Days' });
    fireEvent.click(screen.getByRole('radio', { name: /45 min\s*₹1,100/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Friday, 27 November/ }));

    cleanup();
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={vi.fn()} />);
    await screen.findByRole('list', { name: 'Days' });
    const longer = screen.getByRole('radio', { name: /45 min\s*₹1,100/ });
    expect((longer as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: 'Friday, 27 November' })).toBeTruthy();

    // A day that has passed since is not brought back: the next free time is shown instead.
    cleanup();
    window.sessionStorage.setItem(`sukoon.picker.${PSYCHOLOGIST.id}.day`, '"2026-11-20"');
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Wednesday, 25 November' })).toBeTruthy();
  });

  it('jumps to the next free day, and says so plainly when four weeks hold nothing', async () => {
    const allOff = Array.from({ length: 28 }, (_, index) => addIsoDays('2026-11-25', index));
    stubApi(() => ({
      data: availability({ daysOff: allOff.filter((date) => date !== '2026-12-09') }),
    }));
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={vi.fn()} />);
    expect(await screen.findByText('Wed 9 Dec, 9:00 AM')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Tuesday, 1 December/ }));
    expect(screen.getByText('Not available. Please choose another day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show that day' }));
    expect(screen.getByRole('heading', { name: 'Wednesday, 9 December' })).toBeTruthy();

    cleanup();
    stubApi(() => ({ data: availability({ daysOff: allOff }) }));
    renderWithQuery(<TimePicker psychologist={PSYCHOLOGIST} onPick={vi.fn()} />);
    expect(await screen.findByText(/No free time in the next 4 weeks/)).toBeTruthy();
  });

  it('shows a skeleton, not a bare "Loading...", until the psychologist and times arrive', () => {
    renderWithQuery(<TimePicker psychologist={undefined} onPick={vi.fn()} />);
    expect(screen.getByRole('status', { name: 'Loading free times' })).toBeTruthy();
  });

  it('offers only what the psychologist’s policy accepts, and names the notice on a day it closes', async () => {
    stubApi(() => ({ data: availability() }));
    // 26 hours' notice at 12:10 PM on Wednesday: nothing today, Thursday from 2:30 PM.
    const policy = {
      ...DEFAULT_PRACTICE_POLICY,
      minNoticeMinutes: 26 * 60,
      breakMinutes: 0 as const,
    };
    renderWithQuery(<TimePicker psychologist={{ ...PSYCHOLOGIST, policy }} onPick={vi.fn()} />);
    const days = await screen.findByRole('list', { name: 'Days' });
    expect(
      within(days).getByRole('button', { name: /^Wednesday, 25 November: Books 1 day 2 h ahead$/ }),
    ).toBeTruthy();
    expect(screen.getByText('Thu 26 Nov, 2:30 PM')).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: /^Book Thursday, 26 November at 2:00 PM/ }),
    ).toBeNull();
    fireEvent.click(within(days).getByRole('button', { name: /^Wednesday, 25 November/ }));
    expect(screen.getByText('Books 1 day 2 h ahead. Please choose another day.')).toBeTruthy();
  });

  it('in reschedule mode keeps the length, frees the session’s own time and says Move to', async () => {
    // Thursday 10:00–10:45 AM is the session itself; 11:00 AM is someone else's.
    const own = { start: '2026-11-26T04:30:00.000Z', end: '2026-11-26T05:15:00.000Z' };
    stubApi(() => ({
      data: availability({
        busy: [own, { start: '2026-11-26T05:30:00.000Z', end: '2026-11-26T06:15:00.000Z' }],
      }),
    }));
    const onPick = vi.fn();
    renderWithQuery(
      <TimePicker
        psychologist={PSYCHOLOGIST}
        onPick={onPick}
        reschedule={{
          durationMinutes: 45,
          policy: null,
          current: { startDate: own.start, endDate: own.end },
          lengths: null,
        }}
      />,
    );
    const days = await screen.findByRole('list', { name: 'Days' });
    expect(screen.getByRole('heading', { name: 'Pick a new time' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('45 min session')).toBeTruthy();
    fireEvent.click(within(days).getByRole('button', { name: /^Thursday, 26 November/ }));
    // 10:30 AM would run into 11:00; 10:00 AM is where it already is.
    expect(screen.queryByRole('button', { name: /at 10:30 AM/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /at 10:00 AM/ })).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: /^Move to Thursday, 26 November at 9:30 AM/ }),
    );
    expect(onPick).toHaveBeenCalledWith({
      start: new Date('2026-11-26T04:00:00.000Z'),
      durationMinutes: 45,
    });
  });

  it('in reschedule mode with lengths: the switch shows the booked fees and its own start at the other length', async () => {
    const own = { start: '2026-11-26T04:30:00.000Z', end: '2026-11-26T05:15:00.000Z' };
    stubApi(() => ({ data: availability({ busy: [own] }) }));
    const onPick = vi.fn();
    renderWithQuery(
      <TimePicker
        psychologist={PSYCHOLOGIST}
        onPick={onPick}
        reschedule={{
          durationMinutes: 45,
          policy: null,
          current: { startDate: own.start, endDate: own.end },
          lengths: { rates: { session_20_minute_rate: 600, session_45_minute_rate: 1000 } },
        }}
      />,
    );
    const days = await screen.findByRole('list', { name: 'Days' });
    expect(screen.getByRole('radio', { name: /45 min/ })).toHaveProperty('checked', true);
    expect(screen.getByText('₹1,000')).toBeTruthy();
    fireEvent.click(within(days).getByRole('button', { name: /^Thursday, 26 November/ }));
    // At its own length its own start is no move; at 20 minutes it is a change.
    expect(screen.queryByRole('button', { name: /at 10:00 AM/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /20 min/ }));
    fireEvent.click(
      screen.getByRole('button', { name: /^Move to Thursday, 26 November at 10:00 AM/ }),
    );
    expect(onPick).toHaveBeenCalledWith({
      start: new Date('2026-11-26T04:30:00.000Z'),
      durationMinutes: 20,
    });
  });
});
