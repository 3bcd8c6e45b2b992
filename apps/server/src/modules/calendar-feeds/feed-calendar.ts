import icalGenerator from 'ical-generator';
import { feedSessionSummary, type Locale } from '@sukoon/shared';
import { translatorFor } from '../../i18n/translate';
import { addSessionEvent, feedSummaryText } from '../bookings/session-ical';
import type { createCalendarFeedsRepository } from './calendar-feeds-repository';

type FeedRow = Awaited<
  ReturnType<ReturnType<typeof createCalendarFeedsRepository>['sessionsFor']>
>[number];

/** How often calendar apps are asked to fetch the feed again (they may fetch less often). */
const REFRESH_SECONDS = 60 * 60;

/**
 * A user's feed as iCalendar text. Every value comes from the rows, never from the clock (DTSTAMP and
 * LAST-MODIFIED are the booking's updated_at), so the same sessions always make the same bytes and
 * the ETag changes only when something a calendar shows did.
 */
export function feedCalendar(
  viewer: 'psychologist' | 'patient',
  rows: FeedRow[],
  options: { showFullDetails: boolean; publicUrl: string; locale: Locale },
): string {
  const t = translatorFor(options.locale);
  const calendar = icalGenerator({
    name: t('ical.calendarName'),
    prodId: { company: 'Sukoon', product: 'sessions', language: options.locale.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
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
    addSessionEvent(
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
  }
  return calendar.toString();
}
