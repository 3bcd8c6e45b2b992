import { setImmediate as nextTurn } from 'node:timers/promises';
import icalGenerator from 'ical-generator';
import { feedSessionSummary, type Locale } from '@sukoon/shared';
import { translatorFor } from '../../i18n/translate';
import { addSessionEvent, feedSummaryText } from '../bookings/session-ical';
import type { FeedSession } from './calendar-feeds-repository';
import { foldLines } from './fold-lines';

/** How often calendar apps are asked to fetch the feed again (they may fetch less often). */
const REFRESH_SECONDS = 60 * 60;
/** Building gives the event loop back this often, so other requests never wait long behind it. */
const SLICE_MS = 5;
const END = 'END:VCALENDAR';

/**
 * A user's feed as iCalendar text. Every value comes from the rows, never from the clock (DTSTAMP and
 * LAST-MODIFIED are the booking's updated_at), so the same sessions always make the same bytes.
 * Events are written one by one (ical-generator's whole-calendar toString folds the text one
 * character at a time, seconds for a large feed), and the loop yields between slices of SLICE_MS.
 */
export async function feedCalendar(
  viewer: 'psychologist' | 'patient',
  rows: FeedSession[],
  options: { showFullDetails: boolean; publicUrl: string; locale: Locale },
): Promise<string> {
  const t = translatorFor(options.locale);
  const calendar = icalGenerator({
    name: t('ical.calendarName'),
    prodId: { company: 'Sukoon', product: 'sessions', language: options.locale.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  const empty = calendar.toString();
  if (!empty.endsWith(END)) throw new Error('ical-generator wrote an unexpected calendar');
  const parts = [empty.slice(0, -END.length)];
  let sliceStarted = performance.now();
  for (const { booking, patientUsername, patientDeletedAt, psychologistName } of rows) {
    const summary = feedSessionSummary(
      viewer,
      {
        durationMinutes: booking.durationMinutes,
        patientUsername,
        patientDeleted: patientDeletedAt !== null,
        psychologistName,
      },
      { showFullDetails: options.showFullDetails },
    );
    const event = addSessionEvent(
      calendar,
      booking,
      {
        t,
        summary: feedSummaryText(t, summary),
        details: null,
        canceled: booking.status === 'canceled',
        publicUrl: options.publicUrl,
      },
      { stamp: booking.updatedAt, lastModified: booking.updatedAt },
    );
    parts.push(foldLines(event.toString()));
    // Only the text is kept: the calendar holds no events.
    calendar.clear();
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  parts.push(`${END}\r\n`);
  return parts.join('');
}
