import type { Database } from '../../db/client';
import type { RefundRow } from '../payments/payments-repository';
import type { PaymentsService } from '../payments/payments-service';
import type { RefundInput } from '../payments/payments-types';

/**
 * A session's money: the payment that booked it and those that paid for a longer length
 * (purpose 'length_change', issue 18). What comes back to the patient is spread over them, newest
 * first, each refunded at most what is left of it, so a session paid in two parts is refunded in
 * two parts without either exceeding its payment.
 */
export const SESSION_PAYMENT_PURPOSES = ['booking', 'length_change'];

export async function sessionPayments(payments: PaymentsService, tx: Database, bookingId: string) {
  const rows = await payments.capturedPayments(SESSION_PAYMENT_PURPOSES, bookingId, tx);
  const paidPaise = rows.reduce((sum, row) => sum + row.payment.amountPaise, 0);
  const leftPaise = rows.reduce((sum, row) => sum + row.refundablePaise, 0);
  return { rows, paidPaise, leftPaise };
}

/** How `amountPaise` is taken from payments with these amounts left, newest first. */
export function spreadRefund(left: number[], amountPaise: number): number[] {
  let due = amountPaise;
  return left.map((available) => {
    const part = Math.max(0, Math.min(available, due));
    due -= part;
    return part;
  });
}

/**
 * Records refunds of `amountPaise` (at most what is left) across the session's payments in `tx`.
 * Each part's idempotency key is `key` for the booking's own payment (as before sessions had more
 * than one) and `key-<payment id>` for a later one, so repeating the change never refunds twice.
 */
export async function refundSession(
  payments: PaymentsService,
  tx: Database,
  bookingId: string,
  amountPaise: number,
  { key, reason }: { key: string; reason: string },
  refund: (input: RefundInput) => Promise<RefundRow>,
): Promise<RefundRow[]> {
  const { rows } = await sessionPayments(payments, tx, bookingId);
  const parts = spreadRefund(
    rows.map((row) => row.refundablePaise),
    amountPaise,
  );
  const recorded: RefundRow[] = [];
  for (const [index, part] of parts.entries()) {
    if (part <= 0) continue;
    const { payment, purpose } = rows[index]!;
    recorded.push(
      await refund({
        paymentId: payment.id,
        idempotencyKey: purpose === 'booking' ? key : `${key}-${payment.id}`,
        reason,
        amountPaise: part,
      }),
    );
  }
  return recorded;
}
