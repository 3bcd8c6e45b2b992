import type { Database } from '../../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { invitationFor } from './invitation';
import { calendarLink, linkParagraph, sentences, sessionSummary } from './paragraphs';
import { mailToPatient, mailToPsychologist } from './session-mail';
import { sessionPeople, type BookingRow, type People, type Reader } from './session-people';

interface CancellationOptions {
  publicUrl: string;
  /** Paise refunded to the patient; null when nothing is. */
  refundPaise: number | null;
  /** Paise the psychologist paid to cancel. */
  penaltyPaise?: number;
}

/**
 * Both parties hear of a cancellation: who canceled, that the slot is free, and the refund of the
 * patient's fee (in full) when there was one. The patient's calendar gets an iCalendar CANCEL.
 */
export async function queueCancellationEmails(
  tx: Database,
  booking: BookingRow,
  options: CancellationOptions,
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  await enqueueMail(tx, {
    ...toPatient(booking, people, options),
    attachments: [invitationFor(booking, people, options.publicUrl, people.toPatient, 'CANCEL')],
  });
  await enqueueMail(tx, {
    ...toPsychologist(booking, people, options),
    // The confirmation put the session in the psychologist's calendar too: take it out again.
    attachments: [
      invitationFor(booking, people, options.publicUrl, people.toPsychologist, 'CANCEL'),
    ],
  });
}

const byPatient = (booking: BookingRow) => booking.canceledBy === 'patient';
const refundedInFull = (booking: BookingRow, refundPaise: number | null) =>
  refundPaise !== null && refundPaise >= booking.pricePaise;
const wasPaid = (booking: BookingRow) =>
  booking.paymentStatus === 'completed' && booking.pricePaise > 0;

function toPatient(booking: BookingRow, people: People, options: CancellationOptions) {
  const reader = people.toPatient;
  const { t } = reader;
  const { refundPaise } = options;
  return mailToPatient(people, {
    subject: t('mail.canceled.subject', { time: people.patientTime }),
    heading: byPatient(booking)
      ? t('mail.canceled.headingYou')
      : t('mail.canceled.headingPsychologist', { name: people.psychologistName }),
    paragraphs: [
      sessionSummary(reader, booking, people.psychologistName, people.patientTime),
      patientOpening(booking, reader, refundPaise),
      patientRefund(booking, reader, refundPaise),
      linkParagraph(reader, 'mail.canceled.bookAgain', {
        url: calendarLink(options.publicUrl, booking),
      }),
    ],
  });
}

/** A word on the cancellation itself: free of charge for theirs, an apology for the psychologist's. */
function patientOpening(booking: BookingRow, { t }: Reader, refundPaise: number | null) {
  if (!byPatient(booking)) return t('mail.canceled.sorry');
  const free =
    refundedInFull(booking, refundPaise) || (refundPaise === null && booking.pricePaise === 0);
  return free ? t('mail.canceled.free') : '';
}

/** What the patient gets back: all, a part, or (a late cancellation of their own) nothing. */
function patientRefund(booking: BookingRow, { t, money }: Reader, refundPaise: number | null) {
  if (refundPaise !== null) {
    return refundedInFull(booking, refundPaise)
      ? t('mail.canceled.refundFull', { amount: money(refundPaise) })
      : t('mail.canceled.refundPart', {
          refund: money(refundPaise),
          paid: money(booking.pricePaise),
        });
  }
  if (byPatient(booking) && wasPaid(booking)) {
    return t('mail.canceled.refundNone', { paid: money(booking.pricePaise) });
  }
  return '';
}

function toPsychologist(booking: BookingRow, people: People, options: CancellationOptions) {
  const reader = people.toPsychologist;
  const { t, money } = reader;
  const name = people.patient.username;
  const refund = refundNote(booking, reader, options.refundPaise);
  return mailToPsychologist(people, {
    subject: t('mail.canceled.subject', { time: people.psychologistTime }),
    heading: byPatient(booking)
      ? t('mail.canceled.headingPatient', { name })
      : t('mail.canceled.headingYouPsychologist'),
    paragraphs: [
      sessionSummary(reader, booking, name, people.psychologistTime),
      byPatient(booking)
        ? sentences(t('mail.canceled.slotFree'), refund)
        : sentences(
            t('mail.canceled.feePaid', { amount: money(options.penaltyPaise ?? 0) }),
            refund,
            t('mail.canceled.slotFree'),
          ),
    ],
  });
}

/** What became of the patient's fee, as the psychologist reads it. */
function refundNote(booking: BookingRow, { t, money }: Reader, refundPaise: number | null) {
  if (refundPaise !== null) {
    return refundedInFull(booking, refundPaise)
      ? t('mail.canceled.noteFull', { amount: money(refundPaise) })
      : t('mail.canceled.notePart', {
          refund: money(refundPaise),
          paid: money(booking.pricePaise),
        });
  }
  if (wasPaid(booking)) return t('mail.canceled.noteKept', { paid: money(booking.pricePaise) });
  return '';
}
