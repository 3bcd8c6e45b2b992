/**
 * "Add to Google Calendar" and "Add to Outlook" links: the providers' public event templates, which
 * open a prefilled new event in the person's own calendar (no API keys, nothing sent to us).
 */

export interface TemplateEvent {
  title: string;
  start: Date;
  end: Date;
  /** The event's notes (the meeting link, say). */
  details?: string;
  location?: string;
}

/** Query strings with %20 for spaces: Outlook shows a `+` as it is. */
function query(params: Array<[string, string | undefined]>): string {
  return params
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** 2026-11-25T04:30:00.000Z → 20261125T043000Z (Google's UTC form). */
function googleInstant(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** 2026-11-25T04:30:00.000Z → 2026-11-25T04:30:00Z (Outlook's). */
function outlookInstant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function googleCalendarUrl(event: TemplateEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${googleInstant(event.start)}/${googleInstant(event.end)}`],
    ['details', event.details],
    ['location', event.location],
  ])}`;
}

/** Outlook on the web (outlook.live.com; outlook.office.com takes the same parameters). */
export function outlookCalendarUrl(event: TemplateEvent): string {
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query([
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', event.title],
    ['startdt', outlookInstant(event.start)],
    ['enddt', outlookInstant(event.end)],
    ['body', event.details],
    ['location', event.location],
  ])}`;
}

/**
 * Where a booked session's own calendar file (.ics) is downloaded, by its patient or its
 * psychologist: for Apple Calendar and any other app that opens one (no provider page to prefill).
 */
export function sessionCalendarFilePath(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
}
