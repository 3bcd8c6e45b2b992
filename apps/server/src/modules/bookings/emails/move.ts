import type { Database } from '../../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { invitationFor } from './invitation';
import { appLink, linkParagraph, sentences } from './paragraphs';
import { mailToPatient, mailToPsychologist } from './session-mail';
import { sessionPeople, type BookingRow, type People, type Reader } from './session-people';

interface MoveOptions {
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
}

/** The move as both emails tell it: the time and length it had, and whether its length changed. */
function moveOf(booking: BookingRow, options: MoveOptions) {
  const fromDuration = options.fromDurationMinutes ?? booking.durationMinutes;
  return {
    ...options,
    byPatient: options.by === 'patient',
    fromDuration,
    fromEnd: new Date(options.from.getTime() + fromDuration * 60_000),
    resized: fromDuration !== booking.durationMinutes,
  };
}
type Move = ReturnType<typeof moveOf>;

/**
 * Both parties hear of a move, with the calendar invitation updated in place (same UID, higher
 * SEQUENCE). When the psychologist moved it, the patient's email carries the two single-use links:
 * keep the new time, or cancel for a full refund.
 */
export async function queueMoveEmails(tx: Database, booking: BookingRow, options: MoveOptions) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const move = moveOf(booking, options);
  await enqueueMail(tx, {
    ...toPatient(booking, people, move),
    attachments: [invitationFor(booking, people, options.publicUrl, people.toPatient)],
  });
  await enqueueMail(tx, {
    ...toPsychologist(booking, people, move),
    attachments: [invitationFor(booking, people, options.publicUrl, people.toPsychologist)],
  });
}

/** "Now a 20-minute session (was 45 minutes) with ...", or "45-minute session with ...". */
function lengthParagraph({ t }: Reader, booking: BookingRow, move: Move, name: string) {
  return move.resized
    ? t('mail.moved.resized', { minutes: booking.durationMinutes, from: move.fromDuration, name })
    : t('mail.moved.length', { minutes: booking.durationMinutes, name });
}

const subjectOf = ({ t }: Reader, move: Move, time: string) =>
  move.resized ? t('mail.moved.subjectChanged', { time }) : t('mail.moved.subject', { time });

function toPatient(booking: BookingRow, people: People, move: Move) {
  const reader = people.toPatient;
  const { t } = reader;
  return mailToPatient(people, {
    subject: subjectOf(reader, move, people.patientTime),
    heading: patientHeading(reader, move, people.psychologistName),
    paragraphs: [
      lengthParagraph(reader, booking, move, people.psychologistName),
      t('mail.moved.was', { time: reader.time(move.from, move.fromEnd) }),
      t('mail.moved.now', { time: people.patientTime }),
      move.byPatient
        ? sentences(moneyParagraph(reader, move), t('mail.moved.invitationUpdated'))
        : t('mail.moved.decide'),
      ...decisionLinks(reader, move),
    ],
  });
}

function patientHeading({ t }: Reader, move: Move, psychologistName: string) {
  if (!move.byPatient) return t('mail.moved.headingPsychologist', { name: psychologistName });
  return move.resized ? t('mail.moved.headingYouChanged') : t('mail.moved.headingYouMoved');
}

/** What a patient's own change cost or returned. */
function moneyParagraph({ t, money }: Reader, move: Move) {
  if (move.paidPaise) return t('mail.moved.paid', { amount: money(move.paidPaise) });
  if (move.refundPaise) return t('mail.moved.refunded', { amount: money(move.refundPaise) });
  return t('mail.moved.nothingCharged');
}

/** The patient's two single-use links after a psychologist's move: keep the time, or cancel. */
function decisionLinks(reader: Reader, move: Move): string[] {
  const token = move.decisionToken;
  if (move.byPatient || !token) return [];
  const link = (choice: 'keep' | 'cancel') =>
    appLink(move.publicUrl, { moveDecision: token, choice });
  return [
    linkParagraph(reader, 'mail.moved.keepLink', { url: link('keep') }),
    linkParagraph(reader, 'mail.moved.cancelLink', { url: link('cancel') }),
  ];
}

function toPsychologist(booking: BookingRow, people: People, move: Move) {
  const reader = people.toPsychologist;
  const { t } = reader;
  const name = people.patient.username;
  return mailToPsychologist(people, {
    subject: subjectOf(reader, move, people.psychologistTime),
    heading: psychologistHeading(reader, move, name),
    paragraphs: [
      lengthParagraph(reader, booking, move, name),
      t('mail.moved.was', { time: reader.time(move.from, move.fromEnd) }),
      t('mail.moved.now', { time: people.psychologistTime }),
      move.byPatient
        ? sentences(
            move.resized
              ? t('mail.moved.feeNow', { amount: reader.money(booking.pricePaise) })
              : '',
            t('mail.moved.oldTimeFree'),
          )
        : t('mail.moved.patientDecides'),
    ],
  });
}

function psychologistHeading({ t }: Reader, move: Move, patientName: string) {
  if (!move.byPatient) return t('mail.moved.headingYouMovedOne');
  return move.resized
    ? t('mail.moved.headingPatientChanged', { name: patientName })
    : t('mail.moved.headingPatientMoved', { name: patientName });
}
