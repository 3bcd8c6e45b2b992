import { ICalEventStatus, type ICalCalendar, type ICalEventData } from 'ical-generator';
import type { FeedSessionSummary } from '@sukoon/shared';
import type { bookings } from '../../db/schema';
import type { Translator } from '../../i18n/translate';

/**
 * One session as an iCalendar event, the same in every calendar it reaches: the emailed invitations
 * (REQUEST and CANCEL) and the subscription feeds. One UID per booking, so a calendar that has the
 * invitation and subscribes to the feed keeps one event; SEQUENCE is the booking's ics_sequence, raised
 * by every change a calendar must apply. Times are written in UTC (`Z`).
 */

type BookingRow = typeof bookings.$inferSelect;
export type SessionEventBooking = Pick<
  BookingRow,
  'id' | 'icsSequence' | 'startsAt' | 'endsAt' | 'meetingLink'
>;

/** The session's UID in every invitation and feed. */
export function sessionUid(bookingId: string): string {
  return `${bookingId}@sukoon`;
}

export interface SessionEventText {
  /** The reader's language: the summary is theirs, and so are the description's own words. */
  t: Translator;
  summary: string;
  /** What goes before the meeting link in the description; null for nothing. */
  details: string | null;
  canceled: boolean;
  /** Where the event points when the session has no meeting link yet. */
  publicUrl: string;
}

/** Adds the session to `calendar`; `extra` carries what only one kind of calendar sets. */
export function addSessionEvent(
  calendar: ICalCalendar,
  booking: SessionEventBooking,
  text: SessionEventText,
  extra: Partial<ICalEventData> = {},
) {
  return calendar.createEvent({
    id: sessionUid(booking.id),
    sequence: booking.icsSequence,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: text.summary,
    description: [
      text.details,
      booking.meetingLink
        ? text.t('ical.join', { link: booking.meetingLink })
        : text.t('ical.linkLater'),
    ]
      .filter((part) => part !== null)
      .join('\n\n'),
    location: booking.meetingLink ?? text.t('ical.online'),
    url: booking.meetingLink ?? text.publicUrl,
    status: text.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...extra,
  });
}

/** A feed session's summary (the shared rule's facts) in the reader's language. */
export function feedSummaryText(t: Translator, summary: FeedSessionSummary): string {
  if (summary.kind === 'withPsychologist')
    return t('ical.summary.withPsychologist', {
      minutes: summary.minutes,
      name: summary.psychologistName,
    });
  const session = t('ical.summary.session', { minutes: summary.minutes });
  if (summary.who === null) return session;
  const who = summary.who === 'formerPatient' ? t('ical.summary.formerPatient') : summary.who.name;
  return t('ical.summary.named', { who, session });
}
