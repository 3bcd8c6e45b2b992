import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { AddToCalendarLinks } from './add-to-calendar-links';

const BOOKING = '00000000-0000-4000-8000-0000000000c1';
const EVENT = {
  title: 'Sleep check-in with Dr. Asha Rao',
  start: new Date('2026-12-03T05:30:00.000Z'),
  end: new Date('2026-12-03T06:15:00.000Z'),
  details: 'Join: https://meet.jit.si/example',
};

/** jsdom's own, put back after each test replaces them. */
const real = {
  createObjectURL: URL.createObjectURL.bind(URL),
  revokeObjectURL: URL.revokeObjectURL.bind(URL),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.assign(URL, real);
  window.localStorage.clear();
});

/** Answers the download with `response` and keeps what was asked and what the page saved. */
function stubDownload(response: () => Response) {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit = {}) => {
      asked.push({ url: url.pathname, headers: init.headers as Record<string, string> });
      return response();
    }),
  );
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sukoon/1'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { asked, saved };
}

const calendarFile = () =>
  screen.getByRole('button', {
    name: 'Save Sleep check-in as a calendar file (.ics) for Apple Calendar or another calendar app',
  });

describe('AddToCalendarLinks', () => {
  it('offers a booked session’s .ics file beside Google and Outlook, fetched with the sign-in', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const { asked, saved } = stubDownload(
      () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: {
            'content-type': 'text/calendar; charset=utf-8',
            'content-disposition': 'attachment; filename="session.ics"',
          },
        }),
    );
    render(<AddToCalendarLinks event={EVENT} name="Sleep check-in" bookingId={BOOKING} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Add to Google Calendar',
      'Add to Outlook',
    ]);
    expect(calendarFile().textContent).toBe('Apple Calendar (.ics)');
    fireEvent.click(calendarFile());
    await vi.waitFor(() => expect(saved).toEqual(['session.ics']));
    expect(asked).toEqual([
      {
        url: `/api/bookings/${BOOKING}/calendar.ics`,
        headers: { 'accept-language': 'en', authorization: 'Bearer token-1' },
      },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why, in the server’s words, when the file is refused; none without a booking', async () => {
    stubDownload(
      () =>
        new Response(
          JSON.stringify({
            success: false,
            data: null,
            error: {
              code: 'BOOKING_ALREADY_CANCELED',
              message: 'This session is already canceled.',
            },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    );
    render(<AddToCalendarLinks event={EVENT} name="Sleep check-in" bookingId={BOOKING} />);
    fireEvent.click(calendarFile());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This session is already canceled.',
    );
    // Ready for another try, and the reason is the button's description.
    expect(calendarFile().getAttribute('aria-disabled')).toBe('false');
    expect(calendarFile().getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').getAttribute('id'),
    );

    cleanup();
    render(<AddToCalendarLinks event={EVENT} name="Sleep check-in" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
