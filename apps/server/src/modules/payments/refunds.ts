import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository } from './payments-repository';
import type { PaymentDocuments, PurposeHandler, RefundInput } from './payments-types';

/** While one attempt is sending a refund, nobody else picks it up. */
const REFUND_LEASE_MS = 2 * 60 * 1000;
/** Failed refunds back off exponentially up to an hour, and keep being retried until they go through. */
const MAX_REFUND_BACKOFF_MS = 60 * 60 * 1000;

export interface RefundsOptions {
  db: Database;
  repository: ReturnType<typeof createPaymentsRepository>;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  handlers: Map<string, PurposeHandler>;
  clock: () => Date;
  /** Base delay before the first retry of a failed refund. */
  refundRetryMs: number;
  /** Where a recorded refund gets its refund note (registered after the payments layer starts). */
  documents: () => PaymentDocuments | null;
}

/** Refunds: recorded with the change that causes them, sent after it commits, retried until accepted. */
export function createRefunds({
  db,
  repository,
  provider,
  log,
  handlers,
  clock,
  refundRetryMs,
  documents,
}: RefundsOptions) {
  /**
   * Records a refund in the caller's transaction, once per idempotency key, never more than what is
   * left of the payment (the payment row is locked while that is checked).
   */
  async function recordRefund(tx: Database, input: RefundInput) {
    const repo = createPaymentsRepository(tx);
    const payment = await repo.lockPayment(input.paymentId);
    if (!payment || payment.status === 'failed') {
      throw localizedError('NOT_FOUND', 'error.payment.notFound');
    }
    const recorded = await repo.createRefundOnce({
      paymentId: payment.id,
      idempotencyKey: input.idempotencyKey,
      amountPaise: input.amountPaise ?? payment.amountPaise,
      reason: input.reason,
      nextRetryAt: clock(),
    });
    if (recorded.created && (await repo.refundedOrPendingPaise(payment.id)) > payment.amountPaise) {
      throw new AppError('REFUND_EXCEEDS_PAYMENT');
    }
    if (recorded.created) {
      await documents()?.refundRecorded(tx, recorded.refund, payment.providerPaymentId, clock());
    }
    return recorded;
  }

  /**
   * Tries a committed refund now. Never throws: if even recording the attempt fails, the worker still
   * finds the pending refund, so the caller's committed change is not turned into an error.
   */
  async function sendRefund(refundId: string): Promise<void> {
    await attemptRefund(refundId).catch((error: unknown) =>
      log.warn({ err: error, refundId }, 'immediate refund attempt failed'),
    );
  }

  /** Sends one due refund now; a failure is recorded with the next retry time, never thrown. */
  async function attemptRefund(refundId?: string, now: Date = clock()): Promise<number> {
    const claimed = await repository.claimDueRefunds(
      now,
      new Date(now.getTime() + REFUND_LEASE_MS),
      refundId ? 1 : 20,
      refundId,
    );
    let processed = 0;
    for (const refund of claimed) {
      try {
        const result = await provider.refund({
          paymentId: refund.providerPaymentId,
          amountPaise: refund.amountPaise,
          idempotencyKey: refund.idempotencyKey,
          notes: { reason: refund.reason.slice(0, 250) },
        });
        await db.transaction(async (tx) => {
          await createPaymentsRepository(tx).markRefundProcessed(refund.id, result.id, clock());
          await handlers.get(refund.purpose)?.refunded?.({
            tx,
            referenceId: refund.referenceId,
            amountPaise: refund.amountPaise,
          });
        });
        processed += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const backoff = Math.min(
          refundRetryMs * 2 ** Math.max(refund.attempts - 1, 0),
          MAX_REFUND_BACKOFF_MS,
        );
        const retryAt = new Date(now.getTime() + backoff);
        await repository.markRefundFailed(refund.id, message.slice(0, 1000), retryAt);
        log.warn(
          { refundId: refund.id, attempts: refund.attempts, retryAt, err: message },
          'refund failed; it will be retried',
        );
      }
    }
    return processed;
  }

  return { recordRefund, sendRefund, attemptRefund };
}
