import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { isTransientDatabaseError } from '../../db/errors';
import type { PaymentProvider, ProviderPayment } from './payment-provider';
import {
  createPaymentsRepository,
  type PaymentOrderRow,
  type RefundRow,
} from './payments-repository';
import type {
  IssuedReceipt,
  PaymentDocuments,
  PurposeDecision,
  PurposeHandler,
  RefundInput,
  SettleOutcome,
} from './payments-types';

export interface SettlementOptions {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  clock: () => Date;
  handlers: Map<string, PurposeHandler>;
  /** The receipts module, once registered. */
  documents: () => PaymentDocuments | null;
  /** Records a refund in the settling transaction (sent by `sendRefund` once it commits). */
  recordRefund: (
    tx: Database,
    input: RefundInput,
  ) => Promise<{ refund: RefundRow; created: boolean }>;
  sendRefund: (refundId: string) => Promise<unknown>;
}

/**
 * Settling an order: the one place a provider's payment becomes ours, from the checkout callback,
 * a webhook or the reconciliation alike.
 */
export function createSettlement({
  db,
  provider,
  log,
  clock,
  handlers,
  documents: documentsNow,
  recordRefund,
  sendRefund,
}: SettlementOptions) {
  /**
   * Records a provider payment against its order and settles the order exactly once: the order row is
   * locked, a payment already recorded replays its outcome, and anything not accepted is refunded.
   */
  async function settle(
    providerOrderId: string,
    payment: ProviderPayment,
    via: 'checkout' | 'webhook' | 'reconciliation',
    webhookEvent?: { id: string; event: string },
  ): Promise<SettleOutcome> {
    const now = clock();
    // Refunds a purpose recorded in this transaction; sent only once it has committed.
    const refundsToSend: string[] = [];
    /**
     * The payment's receipt, numbered on the first call and answered from this memo after: the purpose
     * may ask for it (to attach it to its confirmation), and the settlement asks once the purpose has
     * accepted, so there is exactly one either way.
     */
    let issued: Promise<IssuedReceipt | null> | undefined;
    const receiptOf = (tx: Database, order: PaymentOrderRow, captured: ProviderPayment) =>
      (issued ??= documentsNow()?.captured(tx, order, captured, now) ?? Promise.resolve(null));

    /**
     * Runs the purpose in a savepoint. If it throws (a bug, a refund it cannot record), only its own
     * writes roll back: the payment is still recorded, refused and refunded, so captured money never
     * goes unrecorded. A transient database error (unreachable, deadlock) fails the whole settlement
     * instead (a 503 or a retry), to be settled again by the retry, the webhook or the reconciliation.
     */
    async function confirmSafely(
      tx: Database,
      handler: PurposeHandler,
      order: PaymentOrderRow,
      captured: ProviderPayment,
    ): Promise<PurposeDecision> {
      const queued = refundsToSend.length;
      try {
        return await tx.transaction(async (savepoint) => {
          const decision = await handler.confirm({
            tx: savepoint,
            order,
            payment: captured,
            refund: async (input) => {
              const recorded = await recordRefund(savepoint, input);
              if (recorded.created) refundsToSend.push(recorded.refund.id);
              return recorded.refund;
            },
            receipt: () => receiptOf(savepoint, order, captured),
          });
          // A refused payment has no receipt: rolled back with the purpose's writes.
          if (!decision.accepted && issued) {
            throw new Error('the purpose refused a payment after asking for its receipt');
          }
          return decision;
        });
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        refundsToSend.length = queued;
        // Rolled back with the savepoint: a refused payment gets no receipt.
        issued = undefined;
        log.error(
          { err: error, orderId: order.providerOrderId, purpose: order.purpose },
          'the purpose failed on a captured payment; refusing and refunding it',
        );
        return {
          accepted: false,
          reason: `could not be applied: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }
    const outcome = await db.transaction(
      async (tx): Promise<SettleOutcome & { refund?: RefundRow }> => {
        const repo = createPaymentsRepository(tx);
        if (
          webhookEvent &&
          !(await repo.recordWebhookEvent(webhookEvent.id, provider.name, webhookEvent.event))
        ) {
          return { kind: 'duplicate_event' };
        }
        const order = await repo.lockOrderByProviderId(providerOrderId);
        if (!order) return { kind: 'unknown_order' };

        const known = await repo.findPaymentByProviderId(payment.id);
        if (known) {
          if (known.status === 'captured') return { kind: 'paid', order, payment: known };
          if (known.status === 'failed') return { kind: 'failed', order };
          const reason = known.rejectionReason as 'amount_mismatch' | 'refused' | 'already_settled';
          return { kind: 'rejected', order, payment: known, reason };
        }
        if (payment.status === 'authorized' || payment.status === 'created') {
          return { kind: 'pending', order };
        }
        const base = {
          orderId: order.id,
          providerPaymentId: payment.id,
          amountPaise: payment.amountPaise,
          currency: payment.currency,
          method: payment.method,
          confirmedVia: via,
        };
        if (payment.status === 'failed') {
          await repo.createPayment({ ...base, status: 'failed' });
          return { kind: 'failed', order };
        }

        let rejection: 'amount_mismatch' | 'refused' | 'already_settled' | null = null;
        let detail = '';
        if (payment.amountPaise !== order.amountPaise || payment.currency !== order.currency) {
          rejection = 'amount_mismatch';
          detail = `paid ${payment.amountPaise} ${payment.currency}, order is ${order.amountPaise} ${order.currency}`;
        } else if (order.status !== 'created') {
          rejection = 'already_settled';
          detail = `order already ${order.status} by ${order.settledByPaymentId ?? 'another payment'}`;
        } else {
          const handler = handlers.get(order.purpose);
          const decision: PurposeDecision = handler
            ? await confirmSafely(tx, handler, order, payment)
            : { accepted: false, reason: `no handler for purpose '${order.purpose}'` };
          if (!decision.accepted) {
            rejection = 'refused';
            detail = decision.reason;
          }
        }

        if (!rejection) {
          const recorded = await repo.createPayment({ ...base, status: 'captured' });
          await repo.settleOrder(order.id, 'paid', payment.id, now);
          // The one receipt: numbered now, or the one the purpose already asked for (the memo).
          await receiptOf(tx, order, payment);
          return { kind: 'paid', order: { ...order, status: 'paid' }, payment: recorded };
        }
        const recorded = await repo.createPayment({
          ...base,
          status: 'rejected',
          rejectionReason: rejection,
        });
        if (rejection === 'refused') await repo.settleOrder(order.id, 'refused', payment.id, now);
        // Recorded in the same transaction as the payment, so the money can never be kept silently.
        const { refund } = await repo.createRefundOnce({
          paymentId: recorded.id,
          idempotencyKey: `auto-${payment.id}`,
          amountPaise: payment.amountPaise,
          reason: `${rejection}: ${detail}`,
          nextRetryAt: now,
        });
        log.warn(
          { orderId: order.providerOrderId, paymentId: payment.id, rejection, detail },
          'payment not accepted; refunding it',
        );
        return { kind: 'rejected', order, payment: recorded, reason: rejection, refund };
      },
    );
    if ('refund' in outcome && outcome.refund) refundsToSend.push(outcome.refund.id);
    for (const refundId of refundsToSend) await sendRefund(refundId);
    return outcome;
  }

  return settle;
}
