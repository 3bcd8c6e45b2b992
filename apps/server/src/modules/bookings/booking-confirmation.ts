import { writeTogether, type Database } from '../../db/client';
import { auditStatement, recordAudit } from '../audit/audit-repository';
import type { PurposeHandler } from '../payments/payments-types';
import { newMeetingLink, readMeetingLinks } from '../psychologists/meeting-links';
import { createRemindersRepository } from '../reminders/reminders-repository';
import { createBookingsRepository } from './bookings-repository';
import { queueConfirmationEmails } from './emails/confirmation';

/**
 * The 'booking' purpose: a live hold becomes Booked, paid, scheduled (once: the payments layer locks the
 * order), with its meeting link by the psychologist's method (a new Jitsi room, their personal link, or
 * none yet), its receipt, confirmation emails and reminders in the same transaction; a hold that expired or
 * was released is refused, so the payment is refunded and recorded.
 */
export function bookingPurpose(options: { publicUrl: string; clock?: () => Date }): PurposeHandler {
  return {
    async confirm({ tx, order, payment, receipt }) {
      const now = options.clock?.() ?? new Date();
      const repository = createBookingsRepository(tx);
      const confirmed = order.payerId
        ? await repository.confirmHold(order.referenceId, order.payerId, now)
        : null;
      if (!confirmed) {
        await repository.markRefunded(order.referenceId);
        return {
          accepted: false,
          reason: 'the slot was no longer held (hold expired or released)',
        };
      }
      // The room (or personal link) is set before the emails are written, so they carry it. The
      // psychologist's choice came back with the confirmation; the link, its audit entries and the
      // reminders are then written in one statement.
      const meetingLink = newMeetingLink(readMeetingLinks(confirmed.meetingLinks));
      const booked = meetingLink ? { ...confirmed.booking, meetingLink } : confirmed.booking;
      const reminders = createRemindersRepository(tx).scheduleStatement(
        booked.id,
        booked.startsAt,
        now,
      );
      await writeTogether(tx, [
        auditStatement(tx, {
          action: 'booking.paid',
          actor: { id: order.payerId!, role: 'patient' },
          bookingId: booked.id,
          details: {
            amount_paise: payment.amountPaise,
            payment_id: payment.id,
            method: payment.method,
          },
        }),
        ...(meetingLink
          ? [
              repository.updateStatement(booked.id, { meetingLink }),
              auditStatement(tx, {
                action: 'booking.meeting_link_set',
                actor: null,
                bookingId: booked.id,
                details: { meeting_link: meetingLink },
              }),
            ]
          : []),
        ...(reminders.statement ? [reminders.statement] : []),
      ]);
      // Numbered now rather than after the purpose, so the confirmation names and attaches it (the
      // settlement then records this one and numbers no other).
      await queueConfirmationEmails(tx, booked, {
        publicUrl: options.publicUrl,
        reminders: reminders.hours,
        receipt: await receipt(),
      });
      return { accepted: true };
    },

    refunded: auditSessionRefund,
  };
}

/** A refund of a session's payment (its booking or a longer length) reached the provider. */
export async function auditSessionRefund({
  tx,
  referenceId,
  amountPaise,
}: {
  tx: Database;
  referenceId: string;
  amountPaise: number;
}) {
  await recordAudit(tx, {
    action: 'booking.refunded',
    actor: null,
    bookingId: referenceId,
    details: { amount_paise: amountPaise },
  });
}
