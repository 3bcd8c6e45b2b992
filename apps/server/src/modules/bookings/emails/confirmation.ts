import { receiptNameOf } from '@sukoon/shared';
import type { Database } from '../../../db/client';
import { formatListIn } from '../../../i18n/format';
import { issueSignInToken } from '../../auth/sign-in-tokens';
import { enqueueMails, type MailAttachment } from '../../mail/outbox';
import type { PaymentDocumentRow } from '../../receipts/receipts-repository';
import { documentFileName } from '../../receipts/receipts-service';
import { invitationFor } from './invitation';
import { appLink, linkParagraph, sentences, sessionSummary, termsParagraph } from './paragraphs';
import { mailToPatient, mailToPsychologist } from './session-mail';
import { sessionPeople, type BookingRow, type People } from './session-people';

type Receipt = Pick<PaymentDocumentRow, 'id' | 'kind' | 'number'>;

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
  }: { publicUrl: string; reminders: number[]; receipt: Receipt | null },
) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const { token } = await issueSignInToken(tx, people.patient.id);
  const next = appLink(publicUrl, { token, psychologistId: booking.psychologistId });
  // Both in one statement: this runs in the transaction that settles the payment.
  await enqueueMails(tx, [
    {
      ...toPatient(booking, people, { publicUrl, reminders, receipt, next }),
      attachments: [
        invitationFor(booking, people, publicUrl, people.toPatient),
        ...receiptAttachment(receipt),
      ],
    },
    {
      ...toPsychologist(booking, people),
      attachments: [invitationFor(booking, people, publicUrl, people.toPsychologist)],
    },
  ]);
}

/**
 * The receipt goes to the patient only; the psychologist downloads it from the session. It is
 * attached by id and drawn by the mail worker as it sends, not here, in the settling transaction.
 */
function receiptAttachment(receipt: Receipt | null): MailAttachment[] {
  if (!receipt) return [];
  return [
    { filename: documentFileName(receipt), contentType: 'application/pdf', documentId: receipt.id },
  ];
}

function toPatient(
  booking: BookingRow,
  people: People,
  options: { publicUrl: string; reminders: number[]; receipt: Receipt | null; next: string },
) {
  const reader = people.toPatient;
  const { t } = reader;
  const { publicUrl, receipt } = options;
  const hours = options.reminders.map((count) => t('mail.confirmed.hours', { count }));
  return mailToPatient(people, {
    subject: t('mail.confirmed.subject', { time: people.patientTime }),
    heading: t('mail.confirmed.heading'),
    paragraphs: [
      sessionSummary(reader, booking, people.psychologistName, people.patientTime),
      sentences(
        t('mail.confirmed.paid', {
          title: booking.title,
          amount: reader.money(booking.pricePaise),
        }),
        receipt
          ? linkParagraph(reader, 'mail.confirmed.receipt', {
              number: receipt.number,
              url: publicUrl,
            })
          : '',
      ),
      booking.meetingLink
        ? linkParagraph(reader, 'mail.session.meetingLink', { link: booking.meetingLink })
        : t('mail.confirmed.linkLater'),
      termsParagraph(booking, reader),
      sentences(
        t('mail.confirmed.invitation'),
        hours.length > 0
          ? t('mail.confirmed.reminders', { hours: formatListIn(reader.locale, hours) })
          : '',
      ),
      linkParagraph(reader, 'mail.confirmed.next', { url: options.next }),
    ],
  });
}

function toPsychologist(booking: BookingRow, people: People) {
  const reader = people.toPsychologist;
  const { t } = reader;
  return mailToPsychologist(people, {
    subject: t('mail.booked.subject', { time: people.psychologistTime }),
    heading: t('mail.booked.heading'),
    paragraphs: [
      // Named as their receipts name them: the full name they gave, else one made from the username.
      t('mail.booked.session', {
        name: receiptNameOf(people.patient),
        minutes: booking.durationMinutes,
        time: people.psychologistTime,
      }),
      t('mail.booked.about', { title: booking.title, description: booking.description }),
      booking.meetingLink
        ? linkParagraph(reader, 'mail.session.meetingLink', { link: booking.meetingLink })
        : t('mail.booked.addLink'),
    ],
  });
}
