import { addIsoDays, formatClock, localDateOf, type Locale } from '@sukoon/shared';
import type { Database } from '../../../db/client';
import { formatWeekdayIn } from '../../../i18n/format';
import { enqueueMail } from '../../mail/outbox';
import { calendarLink, linkParagraph } from './paragraphs';
import { mailToPatient } from './session-mail';
import { sessionPeople, type BookingRow } from './session-people';

/**
 * When the session starts, as the patient reads it at `now`, as the values of the reminder's
 * messages: "in 40 minutes", "in about an hour", "today at 10:00 AM", "tomorrow at 10:00 AM", "on
 * Friday at 10:00 AM" (each language words the choice itself).
 */
export function startsIn(
  start: Date,
  now: Date,
  timeZone: string,
  locale: Locale = 'en',
): {
  when: 'minutes' | 'hour' | 'today' | 'tomorrow' | 'weekday';
  minutes: number;
  clock: string;
  weekday: string;
} {
  const minutes = Math.round((start.getTime() - now.getTime()) / 60_000);
  const clock = formatClock(start, timeZone, locale);
  const weekday = formatWeekdayIn(locale, start, timeZone);
  const values = { minutes: Math.max(1, minutes), clock, weekday };
  if (minutes < 60) return { when: 'minutes', ...values };
  if (minutes < 120) return { when: 'hour', ...values };
  const day = (instant: Date) => localDateOf(instant, timeZone);
  if (day(start) === day(now)) return { when: 'today', ...values };
  if (day(start) === addIsoDays(day(now), 1)) return { when: 'tomorrow', ...values };
  return { when: 'weekday', ...values };
}

/**
 * A reminder to the patient, worded from the time actually left (a late one still reads right), with
 * the meeting link as it stands when the reminder goes out.
 */
export async function queueReminderEmail(
  tx: Database,
  booking: BookingRow,
  options: { publicUrl: string; now: Date },
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const reader = people.toPatient;
  const { t } = reader;
  const when = startsIn(booking.startsAt, options.now, people.patientZone, reader.locale);
  await enqueueMail(
    tx,
    mailToPatient(people, {
      subject: t('mail.reminder.subject', { ...when, time: people.patientTime }),
      heading: t('mail.reminder.heading', { ...when, name: people.psychologistName }),
      paragraphs: [
        t('mail.reminder.session', { minutes: booking.durationMinutes, time: people.patientTime }),
        booking.meetingLink
          ? linkParagraph(reader, 'mail.session.join', { link: booking.meetingLink })
          : t('mail.reminder.noLinkYet'),
        linkParagraph(reader, 'mail.reminder.calendar', {
          url: calendarLink(options.publicUrl, booking),
        }),
      ],
    }),
  );
}
