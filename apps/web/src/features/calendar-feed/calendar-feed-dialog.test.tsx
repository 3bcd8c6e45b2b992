import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_FEED_PRIVACY, type CalendarFeedStatus } from '@sukoon/shared';
import { renderWithQuery, stubApi, type ApiCall } from '../../testing/render';
import { CalendarFeedDialog } from './calendar-feed-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const url = (n: number) => `http://localhost:3000/api/calendar-feeds/${String(n).repeat(43)}.ics`;

/** The four calls answered as the server does, keeping whether the feed is on. */
function feedServer(initial: CalendarFeedStatus = { enabled: false, showFullDetails: false }) {
  let state = initial;
  let links = 0;
  const link = () => {
    links += 1;
    return { ...state, url: url(links), webcalUrl: url(links).replace('http://', 'webcal://') };
  };
  return stubApi((call: ApiCall) => {
    if (call.method === 'GET') return { data: state };
    if (call.method === 'POST' && call.path.endsWith('/reset')) return { data: link() };
    if (call.method === 'POST') {
      state = { ...state, enabled: true };
      return { data: link() };
    }
    if (call.method === 'PATCH') {
      state = { ...state, ...(call.body as object) };
      return { data: state };
    }
    state = { enabled: false, showFullDetails: false };
    return { data: state };
  });
}

describe('Calendar feed dialog', () => {
  it('turns the feed on, shows the link once with Copy link and a webcal Subscribe', async () => {
    const calls = feedServer();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithQuery(<CalendarFeedDialog role="patient" onClose={vi.fn()} />);
    expect(await screen.findByText('Your calendar feed is off.')).toBeTruthy();
    expect(screen.getByText(CALENDAR_FEED_PRIVACY.patient)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const input = await screen.findByLabelText<HTMLInputElement>('Your private feed link');
    expect(input.value).toBe(url(1));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url(1));
    const subscribe = screen.getByRole('link', { name: 'Subscribe in your calendar app' });
    expect(subscribe.getAttribute('href')).toBe(url(1).replace('http://', 'webcal://'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/calendar-feeds/me',
      'POST /api/calendar-feeds/me',
    ]);
    // Patients have nothing to choose about what their feed shows.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks before resetting the link, and shows the new one', async () => {
    const calls = feedServer({ enabled: true, showFullDetails: false });
    renderWithQuery(<CalendarFeedDialog role="patient" onClose={vi.fn()} />);
    expect(await screen.findByText(/Its link was shown once/)).toBeTruthy();
    expect(screen.queryByLabelText('Your private feed link')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset the link' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep the current link' }));
    await waitFor(() => expect(screen.queryByText('Reset the link?')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/reset'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset the link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the link?' });
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Reset the link')!,
    );
    const input = await screen.findByLabelText<HTMLInputElement>('Your private feed link');
    expect(input.value).toBe(url(1));
    expect(calls.filter((call) => call.path.endsWith('/reset'))).toHaveLength(1);
  });

  it('turns the feed off', async () => {
    const calls = feedServer({ enabled: true, showFullDetails: false });
    renderWithQuery(<CalendarFeedDialog role="patient" onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your calendar feed is off.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/calendar-feeds/me' });
  });

  it('tells a psychologist what the feed shows, and lets them opt in to full details', async () => {
    const calls = feedServer({ enabled: true, showFullDetails: false });
    renderWithQuery(<CalendarFeedDialog role="psychologist" onClose={vi.fn()} />);
    const choice = await screen.findByRole('checkbox', {
      name: 'Show patients’ full names',
    });
    expect(screen.getByText(CALENDAR_FEED_PRIVACY.psychologist.private)).toBeTruthy();
    expect((choice as HTMLInputElement).checked).toBe(false);
    fireEvent.click(choice);
    expect(await screen.findByText(CALENDAR_FEED_PRIVACY.psychologist.full)).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/calendar-feeds/me',
      query: undefined,
      body: { showFullDetails: true },
    });
  });
});
