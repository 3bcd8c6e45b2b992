import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatInr, isValidTimeZone } from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { bookings } from '../../db/schema';
import { issueSignInToken } from '../auth/sign-in-tokens';
import { createUsersRepository } from '../auth/users-repository';
import { renderMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import type { PurposeHandler } from '../payments/payments-service';
import { createPsychologistsRepository } from '../psychologists/psychologists-repository';
import { createBookingsRepository } from './bookings-repository';

type BookingRow = typeof bookings.$inferSelect;

/** "Tuesday, 10 March 2026, 10:00 am – 10:45 am IST" in the reader's own zone. */
export function formatSessionTime(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(start);
  const time = (instant: Date, withZone: boolean) =>
    new Intl.DateTimeFormat('en-IN', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(withZone ? { timeZoneName: 'short' } : {}),
    }).format(instant);
  return `${day}, ${time(start, false)} – ${time(end, true)}`;
}

/** An iCalendar REQUEST invitation for the session (one UID per booking, so updates replace it). */
export function sessionInvitation(
  booking: BookingRow,
  people: { psychologistName: string; psychologistEmail: string; patientEmail: string },
  publicUrl: string,
): string {
  const calendar = icalGenerator({
    name: 'Sukoon',
    prodId: { company: 'Sukoon', product: 'sessions', language: 'EN' },
    method: ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${booking.id}@sukoon`,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: `${booking.title} (Sukoon session with ${people.psychologistName})`,
    description: [
      booking.description,
      booking.meetingLink
        ? `Join: ${booking.meetingLink}`
        : 'The meeting link will be shared before the session.',
    ].join('\n\n'),
    location: booking.meetingLink ?? 'Online',
    url: booking.meetingLink ?? publicUrl,
    status: ICalEventStatus.CONFIRMED,
    organizer: { name: people.psychologistName, email: people.psychologistEmail },
    attendees: [{ email: people.patientEmail, rsvp: false }],
  });
  return calendar.toString();
}

/**
 * Queues the two confirmation emails in the settling transaction, so they exist exactly when the
 * booking does: each reader gets the time in their own zone, the meeting link when set, the .ics, and
 * the patient a single-use "book your next session" sign-in link.
 */
export async function queueConfirmationEmails(
  tx: Database,
  booking: BookingRow,
  options: { publicUrl: string; patientTimeZone?: string | undefined },
) {
  const users = createUsersRepository(tx);
  const patient = booking.patientId ? await users.findById(booking.patientId) : undefined;
  const psychologistUser = await users.findById(booking.psychologistId);
  const psychologist = await createPsychologistsRepository(tx).findById(booking.psychologistId);
  if (!patient || !psychologistUser || !psychologist) return;

  const patientZone =
    options.patientTimeZone && isValidTimeZone(options.patientTimeZone)
      ? options.patientTimeZone
      : psychologist.timeZone;
  const invitation = sessionInvitation(
    booking,
    {
      psychologistName: psychologist.displayName,
      psychologistEmail: psychologistUser.email,
      patientEmail: patient.email,
    },
    options.publicUrl,
  );
  const attachments = [
    { filename: 'session.ics', contentType: 'text/calendar; method=REQUEST', content: invitation },
  ];
  const link = booking.meetingLink
    ? `Meeting link: ${booking.meetingLink}`
    : 'Your psychologist will add the meeting link before the session.';
  const { token } = await issueSignInToken(tx, patient.id);
  const next = new URL(options.publicUrl);
  next.searchParams.set('token', token);
  next.searchParams.set('psychologistId', psychologist.id);

  await enqueueMail(tx, {
    to: patient.email,
    ...renderMail({
      subject: `Booking confirmed: ${formatSessionTime(booking.startsAt, booking.endsAt, patientZone)}`,
      heading: 'Your appointment has been scheduled',
      paragraphs: [
        `${booking.durationMinutes}-minute session with ${psychologist.displayName}: ${formatSessionTime(booking.startsAt, booking.endsAt, patientZone)}.`,
        `“${booking.title}”. Paid ${formatInr(booking.pricePaise)}.`,
        link,
        'The attached invitation adds the session to your calendar.',
        `Book your next session (this link signs you in once, for 72 hours): ${next.toString()}`,
      ],
    }),
    attachments,
  });
  await enqueueMail(tx, {
    to: psychologistUser.email,
    ...renderMail({
      subject: `New session booked: ${formatSessionTime(booking.startsAt, booking.endsAt, psychologist.timeZone)}`,
      heading: 'A patient booked a session with you',
      paragraphs: [
        `${patient.username} booked a ${booking.durationMinutes}-minute session: ${formatSessionTime(booking.startsAt, booking.endsAt, psychologist.timeZone)}.`,
        `“${booking.title}”: ${booking.description}`,
        booking.meetingLink
          ? `Meeting link: ${booking.meetingLink}`
          : 'Add a meeting link for this session from your calendar.',
      ],
    }),
    attachments,
  });
}

/**
 * The 'booking' purpose: a live hold becomes Booked, paid, scheduled (once: the payments layer locks the
 * order); a hold that expired or was released is refused, so the payment is refunded and recorded.
 */
export function bookingPurpose(options: { publicUrl: string; clock?: () => Date }): PurposeHandler {
  return {
    async confirm({ tx, order }) {
      const repository = createBookingsRepository(tx);
      const booked = order.payerId
        ? await repository.confirmHold(
            order.referenceId,
            order.payerId,
            options.clock?.() ?? new Date(),
          )
        : null;
      if (!booked) {
        await repository.markRefunded(order.referenceId);
        return {
          accepted: false,
          reason: 'the slot was no longer held (hold expired or released)',
        };
      }
      await queueConfirmationEmails(tx, booked, {
        publicUrl: options.publicUrl,
        patientTimeZone: order.notes.patient_time_zone ?? undefined,
      });
      return { accepted: true };
    },
  };
}
