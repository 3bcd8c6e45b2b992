import {
  formatInr,
  formatSessionStart,
  formatSessionTime,
  isValidTimeZone,
  type Locale,
} from '@sukoon/shared';
import type { Database } from '../../../db/client';
import type { bookings } from '../../../db/schema';
import { translatorFor } from '../../../i18n/translate';
import { createBookingsRepository } from '../bookings-repository';

export type BookingRow = typeof bookings.$inferSelect;

/** One reader of an email: their language's words, and times and money as they read them. */
export function readerOf(locale: Locale, zone: string) {
  return {
    locale,
    t: translatorFor(locale),
    money: (paise: number) => formatInr(paise),
    time: (start: Date, end: Date) => formatSessionTime(start, end, zone, locale),
    start: (instant: Date) => formatSessionStart(instant, zone, locale),
  };
}
export type Reader = ReturnType<typeof readerOf>;

/**
 * The people of a session and how each reads about it: their own account's language and their own
 * zone. Null for a psychologist's own event without a patient account, which no one is emailed about.
 */
export async function sessionPeople(tx: Database, booking: BookingRow) {
  if (!booking.patientId) return null;
  const people = await createBookingsRepository(tx).findPeople(
    booking.patientId,
    booking.psychologistId,
  );
  if (!people) return null;
  const patientZone =
    booking.patientTimeZone && isValidTimeZone(booking.patientTimeZone)
      ? booking.patientTimeZone
      : people.psychologistZone;
  return {
    ...people,
    patientZone,
    toPatient: readerOf(people.patient.locale, patientZone),
    toPsychologist: readerOf(people.psychologistLocale, people.psychologistZone),
    /** The session's time as the patient reads it, and as the psychologist does. */
    patientTime: formatSessionTime(
      booking.startsAt,
      booking.endsAt,
      patientZone,
      people.patient.locale,
    ),
    psychologistTime: formatSessionTime(
      booking.startsAt,
      booking.endsAt,
      people.psychologistZone,
      people.psychologistLocale,
    ),
  };
}
export type People = NonNullable<Awaited<ReturnType<typeof sessionPeople>>>;
