import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import { nameForHeaders, type Locale } from '@sukoon/shared';
import type { Database } from '../../../db/client';
import { translatorFor } from '../../../i18n/translate';
import type { InlineAttachment } from '../../mail/outbox';
import { addSessionEvent } from '../session-ical';
import { sessionPeople, type BookingRow, type People, type Reader } from './session-people';

type Method = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/**
 * An iCalendar message for the session: REQUEST adds or updates it, CANCEL removes it. The event is
 * the one the calendar feeds carry (session-ical.ts: same UID, SEQUENCE from ics_sequence), so
 * calendars move or remove the event they already have.
 */
export function sessionInvitation(
  booking: BookingRow,
  people: Pick<People, 'psychologistName' | 'psychologistEmail'> & { patientEmail: string },
  publicUrl: string,
  /** The language of the email it goes with: each reader's calendar gets the event in theirs. */
  locale: Locale,
  /** PUBLISH: a file its reader saves into their own calendar (no invitation to answer). */
  method: Method = 'REQUEST',
): InlineAttachment {
  const t = translatorFor(locale);
  const calendar = icalGenerator({
    name: 'Sukoon',
    prodId: { company: 'Sukoon', product: 'sessions', language: locale.toUpperCase() },
    method: ICalCalendarMethod[method],
  });
  addSessionEvent(
    calendar,
    booking,
    {
      t,
      summary: t('ical.invitation', { title: booking.title, name: people.psychologistName }),
      details: booking.description,
      canceled: method === 'CANCEL',
      publicUrl,
    },
    {
      // A quoted parameter cannot escape a quote or a line break: the name goes in without them.
      organizer: { name: nameForHeaders(people.psychologistName), email: people.psychologistEmail },
      attendees: method === 'PUBLISH' ? [] : [{ email: people.patientEmail, rsvp: false }],
    },
  );
  return {
    filename: method === 'CANCEL' ? 'cancel-session.ics' : 'session.ics',
    contentType: `text/calendar; method=${method}`,
    content: calendar.toString(),
  };
}

/** The invitation a session email attaches, in the language of the reader it goes to. */
export function invitationFor(
  booking: BookingRow,
  people: People,
  publicUrl: string,
  reader: Reader,
  method?: Method,
): InlineAttachment {
  return sessionInvitation(
    booking,
    { ...people, patientEmail: people.patient.email },
    publicUrl,
    reader.locale,
    method,
  );
}

/**
 * A booked session as a calendar file its patient saves into the calendar they use (Apple Calendar,
 * or any that opens .ics files): the event of their emailed invitation and of their feed (same UID,
 * so a calendar that imports both keeps one event), in their account's language.
 */
export async function sessionCalendarFile(
  db: Database,
  booking: BookingRow,
  publicUrl: string,
): Promise<InlineAttachment | null> {
  const people = await sessionPeople(db, booking);
  if (!people) return null;
  return invitationFor(booking, people, publicUrl, people.toPatient, 'PUBLISH');
}
