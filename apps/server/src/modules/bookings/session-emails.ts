import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import {
  addIsoDays,
  cancellationFacts,
  formatClock,
  formatInr,
  formatSessionStart,
  formatSessionTime,
  isValidTimeZone,
  localDateOf,
  nameForHeaders,
  readPolicy,
  receiptNameOf,
  rescheduleFacts,
  type Locale,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { bookings } from '../../db/schema';
import { formatListIn, formatWeekdayIn } from '../../i18n/format';
import { translatorFor } from '../../i18n/translate';
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
 * reader gets it in their own account's language (issue 22), with the time in their own zone.
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
    /** Each reader's words and formats: their own account's language, their own zone. */
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

type People = NonNullable<Awaited<ReturnType<typeof sessionPeople>>>;

/** One reader of an email: their language's words, and times and money as they read them. */
function readerOf(locale: Locale, zone: string) {
  return {
    locale,
    t: translatorFor(locale),
    money: (paise: number) => formatInr(paise),
    time: (start: Date, end: Date) => formatSessionTime(start, end, zone, locale),
    start: (instant: Date) => formatSessionStart(instant, zone, locale),
  };
}
type Reader = ReturnType<typeof readerOf>;

/** Whole sentences, each one message of the catalogue, written one after the other. */
const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * The terms of the session, as the confirmation repeats them: cancellation, moves, a missed
 * session (the shared rules' `cancellationFacts` and `rescheduleFacts`, in the reader's language).
 */
function termsOf(booking: BookingRow, reader: Reader): string {
  const { t } = reader;
  const policy = readPolicy(booking.policy);
  const terms = cancellationFacts(booking.startsAt, policy);
  const cancellation =
    terms.kind === 'freeUntilStart'
      ? t('mail.terms.freeUntilStart')
      : terms.kind === 'freeUntilThenNothing'
        ? t('mail.terms.freeUntilThenNothing', { until: reader.start(terms.until) })
        : t('mail.terms.freeUntilThenPart', {
            until: reader.start(terms.until),
            percent: terms.percent,
          });
  const reschedule = rescheduleFacts(booking.startsAt, policy);
  const moves =
    reschedule.kind === 'until'
      ? t('mail.terms.moves', {
          times: reschedule.times,
          deadline: reader.start(reschedule.deadline),
        })
      : t('mail.terms.noMoves');
  return sentences(cancellation, moves, t('mail.terms.noShowNoRefund'));
}

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
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH' = 'REQUEST',
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

function invitationFor(
  booking: BookingRow,
  people: People,
  publicUrl: string,
  reader: Reader,
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH',
) {
  return sessionInvitation(
    booking,
    { ...people, patientEmail: people.patient.email },
    publicUrl,
    reader.locale,
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
  const { token } = await issueSignInToken(tx, people.patient.id);
  const next = new URL(publicUrl);
  next.searchParams.set('token', token);
  next.searchParams.set('psychologistId', booking.psychologistId);
  const { toPatient, toPsychologist } = people;
  const hours = reminders.map((count) => toPatient.t('mail.confirmed.hours', { count }));

  // Both in one statement: this runs in the transaction that settles the payment.
  await enqueueMails(tx, [
    {
      to: people.patient.email,
      ...renderMail({
        locale: toPatient.locale,
        subject: toPatient.t('mail.confirmed.subject', { time: people.patientTime }),
        heading: toPatient.t('mail.confirmed.heading'),
        paragraphs: [
          toPatient.t('mail.session.summary', {
            minutes: booking.durationMinutes,
            name: people.psychologistName,
            time: people.patientTime,
          }),
          sentences(
            toPatient.t('mail.confirmed.paid', {
              title: booking.title,
              amount: toPatient.money(booking.pricePaise),
            }),
            receipt
              ? toPatient.t('mail.confirmed.receipt', { number: receipt.number, url: publicUrl })
              : '',
          ),
          booking.meetingLink
            ? toPatient.t('mail.session.meetingLink', { link: booking.meetingLink })
            : toPatient.t('mail.confirmed.linkLater'),
          termsOf(booking, toPatient),
          sentences(
            toPatient.t('mail.confirmed.invitation'),
            hours.length > 0
              ? toPatient.t('mail.confirmed.reminders', {
                  hours: formatListIn(toPatient.locale, hours),
                })
              : '',
          ),
          toPatient.t('mail.confirmed.next', { url: next.toString() }),
        ],
      }),
      attachments: [invitationFor(booking, people, publicUrl, toPatient), ...receiptAttachment],
    },
    {
      to: people.psychologistEmail,
      ...renderMail({
        locale: toPsychologist.locale,
        subject: toPsychologist.t('mail.booked.subject', { time: people.psychologistTime }),
        heading: toPsychologist.t('mail.booked.heading'),
        paragraphs: [
          // Named as their receipts name them: the full name they gave, else one made from the username.
          toPsychologist.t('mail.booked.session', {
            name: receiptNameOf(people.patient),
            minutes: booking.durationMinutes,
            time: people.psychologistTime,
          }),
          toPsychologist.t('mail.booked.about', {
            title: booking.title,
            description: booking.description,
          }),
          booking.meetingLink
            ? toPsychologist.t('mail.session.meetingLink', { link: booking.meetingLink })
            : toPsychologist.t('mail.booked.addLink'),
        ],
      }),
      attachments: [invitationFor(booking, people, publicUrl, toPsychologist)],
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
  const { t, locale } = people.toPatient;
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      locale,
      subject: options.changed
        ? t('mail.link.subjectChanged', { time: people.patientTime })
        : t('mail.link.subject', { time: people.patientTime }),
      heading: options.changed ? t('mail.link.headingChanged') : t('mail.link.heading'),
      paragraphs: [
        t('mail.session.summary', {
          minutes: booking.durationMinutes,
          name: people.psychologistName,
          time: people.patientTime,
        }),
        t('mail.session.join', { link: booking.meetingLink }),
        options.changed ? t('mail.link.useThisOne') : '',
        t('mail.link.fromCalendar', {
          url: calendarLink(options.publicUrl, booking.psychologistId),
        }),
      ].filter(Boolean),
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, people.toPatient)],
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
  const toPatient = people.toPatient;
  const refund =
    options.refundPaise !== null
      ? full
        ? toPatient.t('mail.canceled.refundFull', {
            amount: toPatient.money(options.refundPaise),
          })
        : toPatient.t('mail.canceled.refundPart', {
            refund: toPatient.money(options.refundPaise),
            paid: toPatient.money(booking.pricePaise),
          })
      : booking.pricePaise > 0 && byPatient && booking.paymentStatus === 'completed'
        ? toPatient.t('mail.canceled.refundNone', { paid: toPatient.money(booking.pricePaise) })
        : '';
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      locale: toPatient.locale,
      subject: toPatient.t('mail.canceled.subject', { time: people.patientTime }),
      heading: byPatient
        ? toPatient.t('mail.canceled.headingYou')
        : toPatient.t('mail.canceled.headingPsychologist', { name: people.psychologistName }),
      paragraphs: [
        toPatient.t('mail.session.summary', {
          minutes: booking.durationMinutes,
          name: people.psychologistName,
          time: people.patientTime,
        }),
        byPatient
          ? full || (options.refundPaise === null && booking.pricePaise === 0)
            ? toPatient.t('mail.canceled.free')
            : ''
          : toPatient.t('mail.canceled.sorry'),
        refund,
        toPatient.t('mail.canceled.bookAgain', {
          url: calendarLink(options.publicUrl, booking.psychologistId),
        }),
      ].filter(Boolean),
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, toPatient, 'CANCEL')],
  });
  const toPsychologist = people.toPsychologist;
  const { t, money } = toPsychologist;
  const refundNote =
    options.refundPaise !== null
      ? full
        ? t('mail.canceled.noteFull', { amount: money(options.refundPaise) })
        : t('mail.canceled.notePart', {
            refund: money(options.refundPaise),
            paid: money(booking.pricePaise),
          })
      : booking.paymentStatus === 'completed' && booking.pricePaise > 0
        ? t('mail.canceled.noteKept', { paid: money(booking.pricePaise) })
        : '';
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      locale: toPsychologist.locale,
      subject: t('mail.canceled.subject', { time: people.psychologistTime }),
      heading: byPatient
        ? t('mail.canceled.headingPatient', { name: people.patient.username })
        : t('mail.canceled.headingYouPsychologist'),
      paragraphs: [
        t('mail.session.summary', {
          minutes: booking.durationMinutes,
          name: people.patient.username,
          time: people.psychologistTime,
        }),
        byPatient
          ? sentences(t('mail.canceled.slotFree'), refundNote)
          : sentences(
              t('mail.canceled.feePaid', { amount: money(options.penaltyPaise ?? 0) }),
              refundNote,
              t('mail.canceled.slotFree'),
            ),
      ],
    }),
    // The confirmation put the session in the psychologist's calendar too: take it out again.
    attachments: [invitationFor(booking, people, options.publicUrl, toPsychologist, 'CANCEL')],
  });
}

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
  const { t, locale } = people.toPatient;
  const when = startsIn(booking.startsAt, options.now, people.patientZone, locale);
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      locale,
      subject: t('mail.reminder.subject', { ...when, time: people.patientTime }),
      heading: t('mail.reminder.heading', { ...when, name: people.psychologistName }),
      paragraphs: [
        t('mail.reminder.session', {
          minutes: booking.durationMinutes,
          time: people.patientTime,
        }),
        booking.meetingLink
          ? t('mail.session.join', { link: booking.meetingLink })
          : t('mail.reminder.noLinkYet'),
        t('mail.reminder.calendar', {
          url: calendarLink(options.publicUrl, booking.psychologistId),
        }),
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
  const decisionLink = (choice: 'keep' | 'cancel') => {
    const url = new URL(options.publicUrl);
    url.searchParams.set('moveDecision', options.decisionToken ?? '');
    url.searchParams.set('choice', choice);
    return url.toString();
  };
  const byPatient = options.by === 'patient';
  const resized = fromDuration !== booking.durationMinutes;
  /** "Now a 20-minute session (was 45 minutes) with ...", or "45-minute session with ...". */
  const length = ({ t }: Reader, name: string) =>
    resized
      ? t('mail.moved.resized', {
          minutes: booking.durationMinutes,
          from: fromDuration,
          name,
        })
      : t('mail.moved.length', { minutes: booking.durationMinutes, name });
  const subject = ({ t }: Reader, time: string) =>
    resized ? t('mail.moved.subjectChanged', { time }) : t('mail.moved.subject', { time });

  const toPatient = people.toPatient;
  const money = options.paidPaise
    ? toPatient.t('mail.moved.paid', { amount: toPatient.money(options.paidPaise) })
    : options.refundPaise
      ? toPatient.t('mail.moved.refunded', { amount: toPatient.money(options.refundPaise) })
      : toPatient.t('mail.moved.nothingCharged');
  await enqueueMail(tx, {
    to: people.patient.email,
    ...renderMail({
      locale: toPatient.locale,
      subject: subject(toPatient, people.patientTime),
      heading: byPatient
        ? resized
          ? toPatient.t('mail.moved.headingYouChanged')
          : toPatient.t('mail.moved.headingYouMoved')
        : toPatient.t('mail.moved.headingPsychologist', { name: people.psychologistName }),
      paragraphs: [
        length(toPatient, people.psychologistName),
        toPatient.t('mail.moved.was', { time: toPatient.time(options.from, fromEnd) }),
        toPatient.t('mail.moved.now', { time: people.patientTime }),
        byPatient
          ? sentences(money, toPatient.t('mail.moved.invitationUpdated'))
          : toPatient.t('mail.moved.decide'),
        ...(byPatient || !options.decisionToken
          ? []
          : [
              toPatient.t('mail.moved.keepLink', { url: decisionLink('keep') }),
              toPatient.t('mail.moved.cancelLink', { url: decisionLink('cancel') }),
            ]),
      ],
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, toPatient)],
  });
  const toPsychologist = people.toPsychologist;
  const { t } = toPsychologist;
  const name = people.patient.username;
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      locale: toPsychologist.locale,
      subject: subject(toPsychologist, people.psychologistTime),
      heading: byPatient
        ? resized
          ? t('mail.moved.headingPatientChanged', { name })
          : t('mail.moved.headingPatientMoved', { name })
        : t('mail.moved.headingYouMovedOne'),
      paragraphs: [
        length(toPsychologist, name),
        t('mail.moved.was', { time: toPsychologist.time(options.from, fromEnd) }),
        t('mail.moved.now', { time: people.psychologistTime }),
        byPatient
          ? sentences(
              resized
                ? t('mail.moved.feeNow', { amount: toPsychologist.money(booking.pricePaise) })
                : '',
              t('mail.moved.oldTimeFree'),
            )
          : t('mail.moved.patientDecides'),
      ],
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, toPsychologist)],
  });
}

/** The psychologist hears that the patient keeps the time they moved the session to. */
export async function queueMoveKeptEmail(tx: Database, booking: BookingRow) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const { t, locale } = people.toPsychologist;
  await enqueueMail(tx, {
    to: people.psychologistEmail,
    ...renderMail({
      locale,
      subject: t('mail.kept.subject', { time: people.psychologistTime }),
      heading: t('mail.kept.heading', { name: people.patient.username }),
      paragraphs: [
        t('mail.session.summary', {
          minutes: booking.durationMinutes,
          name: people.patient.username,
          time: people.psychologistTime,
        }),
      ],
    }),
  });
}
