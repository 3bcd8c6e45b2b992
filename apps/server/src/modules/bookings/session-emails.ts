import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import {
  addIsoDays,
  cancellationTerms,
  readPolicy,
  rescheduleTerms,
  formatClock,
  formatInr,
  formatSessionTime,
  isValidTimeZone,
  localDateOf,
  nameForHeaders,
  receiptNameOf,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { bookings } from '../../db/schema';
import { issueSignInToken } from '../auth/sign-in-tokens';
import { renderMail } from '../mail/mail-templates';
import {
  enqueueMail,
  enqueueMails,
  type InlineAttachment,
  type MailAttachment,
} from '../mail/outbox';
import type { PaymentDocumentRow } from '../receipts/receipts-repository';
import { documentFileName } from '../receipts/receipts-service';
import { createBookingsRepository } from './bookings-repository';
import { addSessionEvent } from './session-ical';

/**
 * Every email about a session: confirmation, meeting link, cancellation and reminders. Each is queued
 * in the caller's transaction, so it exists exactly when the change it announces commits, and each
 * reader gets the time in their own zone.
 */

type BookingRow = typeof bookings.$inferSelect;

/** The people of a session, or null for a psychologist's own event without a patient account. */
async function sessionPeople(tx: Database, booking: BookingRow) {
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
    /** The session's time as the patient reads it, and as the psychologist does. */
    patientTime: formatSessionTime(booking.startsAt, booking.endsAt, patientZone),
    psychologistTime: formatSessionTime(booking.startsAt, booking.endsAt, people.psychologistZone),
  };
}

type People = NonNullable<Awaited<ReturnType<typeof sessionPeople>>>;

/**
 * An iCalendar message for the session: REQUEST adds or updates it, CANCEL removes it. The event is
 * the one the calendar feeds carry (session-ical.ts: same UID, SEQUENCE from ics_sequence), so
 * calendars move or remove the event they already have.
 */
export function sessionInvitation(
  booking: BookingRow,
  people: Pick<People, 'psychologistName' | 'psychologistEmail'> & { patientEmail: string },
  publicUrl: string,
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
): InlineAttachment {
  const calendar = icalGenerator({
    name: 'Sukoon',
    prodId: { company: 'Sukoon', product: 'sessions', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addSessionEvent(
    calendar,
    booking,
    {
      summary: `${booking.title} (Sukoon session with ${people.psychologistName})`,
      details: booking.description,
      canceled: method === 'CANCEL',
      publicUrl,
    },
    {
      // A quoted parameter cannot escape a quote or a line break: the name goes in without them.
      organizer: { name: nameForHeaders(people.psychologistName), email: people.psychologistEmail },
      attendees: [{ email: people.patientEmail, rsvp: false }],
    },
  );
  return {
    filename: method === 'CANCEL' ? 'cancel-session.ics' : 'session.ics',
    contentType: `text/calendar; method=${method}`,
    content: calendar.toString(),
  };
}

function invitationFor(
  booking: BookingRow,
  people: People,
  publicUrl: string,
  method?: 'REQUEST' | 'CANCEL',
) {
  return sessionInvitation(
    booking,
    { ...people, patientEmail: people.patient.email },
    publicUrl,
    method,
  );
}

/** Where the patient opens the psychologist's calendar (they sign in if needed). */
function calendarLink(publicUrl: string, psychologistId: string): string {
  const url = new URL(publicUrl);
  url.searchParams.set('psychologistId', psychologistId);
  return url.toString();
}

/**
 * The two confirmation emails: each reader gets the time in their own zone, the meeting link when set,
 * the .ics, and the patient a single-use "book your next session" sign-in link.
 */
export async function queueConfirmationEmails(
  tx: Database,
  booking: BookingRow,
  {
    publicUrl,
    reminders,
    receipt,
  }: {
    publicUrl: string;
    reminders: number[];
    receipt: Pick<PaymentDocumentRow, 'id' | 'kind' | 'number'> | null;
  },
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const attachments = [invitationFor(booking, people, publicUrl)];
  // The receipt goes to the patient only; the psychologist downloads it from the session. It is
  // attached by id and drawn by the mail worker as it sends, not here, in the settling transaction.
  const receiptAttachment: MailAttachment[] = receipt
    ? [
        {
          filename: documentFileName(receipt),
          contentType: 'application/pdf',
          documentId: receipt.id,
        },
      ]
    : [];
  const link = booking.meetingLink
    ? `Meeting link: ${booking.meetingLink}`
    : 'Your psychologist will add the meeting link before the session.';
  const { token } = await issueSignInToken(tx, people.patient.id);
  const policy = readPolicy(booking.policy);
  const terms = `${cancellationTerms(booking.startsAt, policy, people.patientZone)} ${rescheduleTerms(booking.startsAt, policy, people.patientZone)} No refund for a missed session.`;
  const next = new URL(publicUrl);
  next.searchParams.set('token', token);
  next.searchParams.set('psychologistId', booking.psychologistId);

  // Both in one statement: this runs in the transaction that settles the payment.
  await enqueueMails(tx, [
    {
      to: people.patient.email,
      ...renderMail({
        subject: `Booking confirmed: ${people.patientTime}`,
        heading: 'Your appointment has been scheduled',
        paragraphs: [
          `${booking.durationMinutes}-minute session with ${people.psychologistName}: ${people.patientTime}.`,
          `“${booking.title}”. Paid ${formatInr(booking.pricePaise)}.${receipt ? ` Your receipt ${receipt.number} is attached; you can download it again from Your sessions: ${publicUrl}` : ''}`,
          link,
          terms,
          `The attached invitation adds the session to your calendar.${reminders.length > 0 ? ` We will remind you ${reminders.map((hours) => (hours === 1 ? '1 hour' : `${hours} hours`)).join(' and ')} before it starts.` : ''}`,
          `Book your next session (this link signs you in once, within 24 hours, until a newer email's link replaces it): ${next.toString()}`,
        ],
      }),
      attachments: [...attachments, ...receiptAttachment],
    },
    {
      to: people.psychologistEmail,
      ...renderMail({
        subject: `New session booked: ${people.psychologistTime}`,
        heading: 'A patient booked a session with you',
        paragraphs: [
          // Named as their receipts name them: the full name they gave, else one made from the username.
          `${receiptNameOf(people.patient)} booked a ${booking.durationMinutes}-minute session: ${people.psychologistTime}.`,
          `“${booking.title}”: ${booking.description}`,
          booking.meetingLink
            ? `Meeting link: ${booking.meetingLink}`
            : 'Add a meeting link for this session from your calendar.',
        ],
      }),
      attachments,
    },
  ]);
}

/** The patient learns the session's meeting link when it is first set or changed. */
export async function queueMeetingLinkEmail(
  tx: Database,
  booking: BookingRow,
  options: { publicUrl: string; changed: boolean },
) {
  const people = await sessionPeople(tx, booking);
  if (!people || !booking.meetingLink) return;
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      subject: `${options.changed ? 'New meeting link' : 'Meeting link'} for your session: ${people.patientTime}`,
      heading: options.changed
        ? 'The meeting link of your session has changed'
        : 'Your session’s meeting link is ready',
      paragraphs: [
        `${booking.durationMinutes}-minute session with ${people.psychologistName}: ${people.patientTime}.`,
        `Join here: ${booking.meetingLink}`,
        options.changed ? 'Please use this link instead of the earlier one.' : '',
        `You can also join from your calendar: ${calendarLink(options.publicUrl, booking.psychologistId)}`,
      ].filter(Boolean),
    }),
    attachments: [invitationFor(booking, people, options.publicUrl)],
  });
}

/**
 * Both parties hear of a cancellation: who canceled, that the slot is free, and the refund of the
 * patient's fee (in full) when there was one. The patient's calendar gets an iCalendar CANCEL.
 */
export async function queueCancellationEmails(
  tx: Database,
  booking: BookingRow,
  options: { publicUrl: string; refundPaise: number | null; penaltyPaise?: number },
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const byPatient = booking.canceledBy === 'patient';
  const full = options.refundPaise !== null && options.refundPaise >= booking.pricePaise;
  const refund =
    options.refundPaise !== null
      ? full
        ? `Your payment of ${formatInr(options.refundPaise)} is being refunded in full to the way you paid; banks usually show it within 5–7 working days.`
        : `As this was a late cancellation, ${formatInr(options.refundPaise)} of your ${formatInr(booking.pricePaise)} is being refunded to the way you paid, as the terms you booked under say; banks usually show it within 5–7 working days.`
      : booking.pricePaise > 0 && byPatient && booking.paymentStatus === 'completed'
        ? `As this was a late cancellation, the terms you booked under refund nothing of your ${formatInr(booking.pricePaise)}.`
        : '';
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      subject: `Session canceled: ${people.patientTime}`,
      heading: byPatient
        ? 'You canceled your session'
        : `${people.psychologistName} canceled your session`,
      paragraphs: [
        `${booking.durationMinutes}-minute session with ${people.psychologistName}: ${people.patientTime}.`,
        byPatient
          ? full || (options.refundPaise === null && booking.pricePaise === 0)
            ? 'Canceling is free of charge.'
            : ''
          : 'We are sorry for the change of plans.',
        refund,
        `Book another time: ${calendarLink(options.publicUrl, booking.psychologistId)}`,
      ].filter(Boolean),
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, 'CANCEL')],
  });
  const refundNote =
    options.refundPaise !== null
      ? full
        ? ` The patient’s ${formatInr(options.refundPaise)} is refunded in full.`
        : ` Late cancellation: ${formatInr(options.refundPaise)} of the patient’s ${formatInr(booking.pricePaise)} is refunded.`
      : booking.paymentStatus === 'completed' && booking.pricePaise > 0
        ? ` Late cancellation: the patient’s ${formatInr(booking.pricePaise)} is kept.`
        : '';
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      subject: `Session canceled: ${people.psychologistTime}`,
      heading: byPatient
        ? `${people.patient.username} canceled their session`
        : 'You canceled a session',
      paragraphs: [
        `${booking.durationMinutes}-minute session with ${people.patient.username}: ${people.psychologistTime}.`,
        byPatient
          ? `The slot is free again.${refundNote}`
          : `Cancellation fee paid: ${formatInr(options.penaltyPaise ?? 0)}.${refundNote} The slot is free again.`,
      ],
    }),
    // The confirmation put the session in the psychologist's calendar too: take it out again.
    attachments: [invitationFor(booking, people, options.publicUrl, 'CANCEL')],
  });
}

/** When the session starts, as the patient reads it at `now`: "in 40 minutes", "tomorrow at 10:00 AM". */
export function startsIn(start: Date, now: Date, timeZone: string): string {
  const minutes = Math.round((start.getTime() - now.getTime()) / 60_000);
  if (minutes < 60) return `in ${Math.max(1, minutes)} minutes`;
  if (minutes < 120) return 'in about an hour';
  const day = (instant: Date) => localDateOf(instant, timeZone);
  const time = formatClock(start, timeZone);
  if (day(start) === day(now)) return `today at ${time}`;
  if (day(start) === addIsoDays(day(now), 1)) return `tomorrow at ${time}`;
  const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone }).format(start);
  return `on ${weekday} at ${time}`;
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
  const when = startsIn(booking.startsAt, options.now, people.patientZone);
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      subject: `Reminder: your session ${when} (${people.patientTime})`,
      heading: `Your session with ${people.psychologistName} starts ${when}`,
      paragraphs: [
        `${booking.durationMinutes}-minute session: ${people.patientTime}.`,
        booking.meetingLink
          ? `Join here: ${booking.meetingLink}`
          : 'Your psychologist has not added the meeting link yet; it will be emailed to you as soon as they do.',
        `Your calendar: ${calendarLink(options.publicUrl, booking.psychologistId)}`,
      ],
    }),
  });
}

/**
 * Both parties hear of a move, with the calendar invitation updated in place (same UID, higher
 * SEQUENCE). When the psychologist moved it, the patient's email carries the two single-use links:
 * keep the new time, or cancel for a full refund.
 */
export async function queueMoveEmails(
  tx: Database,
  booking: BookingRow,
  options: {
    publicUrl: string;
    from: Date;
    by: 'patient' | 'psychologist';
    /** The token of the patient's keep/decline links (a psychologist's move only). */
    decisionToken?: string;
    /** Its length before, when the change made it longer or shorter. */
    fromDurationMinutes?: number;
    /** Paise the patient paid for a longer length, or is refunded for a shorter one. */
    paidPaise?: number;
    refundPaise?: number;
  },
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const fromDuration = options.fromDurationMinutes ?? booking.durationMinutes;
  const fromEnd = new Date(options.from.getTime() + fromDuration * 60_000);
  const fromPatient = formatSessionTime(options.from, fromEnd, people.patientZone);
  const fromPsychologist = formatSessionTime(options.from, fromEnd, people.psychologistZone);
  const decisionLink = (choice: 'keep' | 'cancel') => {
    const url = new URL(options.publicUrl);
    url.searchParams.set('moveDecision', options.decisionToken ?? '');
    url.searchParams.set('choice', choice);
    return url.toString();
  };
  const byPatient = options.by === 'patient';
  const resized = fromDuration !== booking.durationMinutes;
  const length = resized
    ? `Now a ${booking.durationMinutes}-minute session (was ${fromDuration} minutes)`
    : `${booking.durationMinutes}-minute session`;
  const money = options.paidPaise
    ? `${formatInr(options.paidPaise)} was paid for the change.`
    : options.refundPaise
      ? `${formatInr(options.refundPaise)} is being refunded for the change to the way you paid; banks usually show it within 5–7 working days.`
      : 'Nothing more is charged or refunded.';
  const subjectVerb = resized ? 'Session changed' : 'Session moved to';
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      subject: `${subjectVerb}${resized ? ':' : ''} ${people.patientTime}`,
      heading: byPatient
        ? `You ${resized ? 'changed' : 'moved'} your session`
        : `${people.psychologistName} moved your session`,
      paragraphs: [
        `${length} with ${people.psychologistName}.`,
        `Was: ${fromPatient}.`,
        `Now: ${people.patientTime}.`,
        byPatient
          ? `${money} The attached invitation updates the session in your calendar.`
          : 'If the new time suits you, there is nothing to do. If it does not, cancel and your payment is refunded in full; these links work once, until the session starts:',
        ...(byPatient || !options.decisionToken
          ? []
          : [
              `Keep the new time: ${decisionLink('keep')}`,
              `Cancel for a full refund: ${decisionLink('cancel')}`,
            ]),
      ],
    }),
    attachments: [invitationFor(booking, people, options.publicUrl)],
  });
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      subject: `${subjectVerb}${resized ? ':' : ''} ${people.psychologistTime}`,
      heading: byPatient
        ? `${people.patient.username} ${resized ? 'changed' : 'moved'} their session`
        : 'You moved a session',
      paragraphs: [
        `${length} with ${people.patient.username}.`,
        `Was: ${fromPsychologist}.`,
        `Now: ${people.psychologistTime}.`,
        byPatient
          ? `${resized ? `Fee now ${formatInr(booking.pricePaise)}. ` : ''}The old time is free again.`
          : 'The patient has been emailed and can keep the new time or cancel for a full refund; we will tell you what they choose.',
      ],
    }),
    attachments: [invitationFor(booking, people, options.publicUrl)],
  });
}

/** The psychologist hears that the patient keeps the time they moved the session to. */
export async function queueMoveKeptEmail(tx: Database, booking: BookingRow) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      subject: `New time kept: ${people.psychologistTime}`,
      heading: `${people.patient.username} keeps the new time`,
      paragraphs: [
        `${booking.durationMinutes}-minute session with ${people.patient.username}: ${people.psychologistTime}.`,
      ],
    }),
  });
}
