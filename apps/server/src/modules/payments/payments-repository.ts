import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { paymentOrders, paymentWebhookEvents, payments, refunds } from '../../db/schema';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A refund claimed by one worker, with the provider's id of the payment it gives back. */
export interface ClaimedRefund {
  id: string;
  providerPaymentId: string;
  /** What the refunded payment's order paid for, so its purpose can record the refund. */
  purpose: string;
  referenceId: string;
  amountPaise: number;
  idempotencyKey: string;
  reason: string;
  attempts: number;
}

/** Works on the database or on a transaction (pass the `tx` to make calls part of it). */
export function createPaymentsRepository(db: Database) {
  return {
    async createOrder(values: typeof paymentOrders.$inferInsert) {
      const [row] = await db.insert(paymentOrders).values(values).returning();
      return row!;
    },

    async findOrderByProviderId(providerOrderId: string) {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, providerOrderId));
      return row;
    },

    /** The order row locked until the transaction ends, so two confirmations of it queue up. */
    async lockOrderByProviderId(providerOrderId: string) {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, providerOrderId))
        .for('update');
      return row;
    },

    async settleOrder(
      id: string,
      status: 'paid' | 'refused',
      providerPaymentId: string,
      now: Date,
    ) {
      await db
        .update(paymentOrders)
        .set({ status, settledByPaymentId: providerPaymentId, settledAt: now })
        .where(eq(paymentOrders.id, id));
    },

    async findPaymentByProviderId(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId));
      return row;
    },

    async findPaymentById(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Locks a payment row so two refunds of it are checked against its amount one after the other. */
    async lockPayment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async createPayment(values: typeof payments.$inferInsert) {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },

    /** The newest order of this purpose, reference and payer that is still open for payment. */
    async findOpenOrder(purpose: string, referenceId: string, payerId: string, now: Date) {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.purpose, purpose),
            eq(paymentOrders.referenceId, referenceId),
            eq(paymentOrders.payerId, payerId),
            eq(paymentOrders.status, 'created'),
            gt(paymentOrders.expiresAt, now),
          ),
        )
        .orderBy(desc(paymentOrders.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Claims unsettled orders that expired before `expiredBefore` and were never reconciled, marking
     * them (skip locked: two processes never check the same order).
     */
    async claimUnreconciled(now: Date, expiredBefore: Date, limit: number) {
      return db
        .update(paymentOrders)
        .set({ reconciledAt: now })
        .where(
          inArray(
            paymentOrders.id,
            db
              .select({ id: paymentOrders.id })
              .from(paymentOrders)
              .where(
                and(
                  eq(paymentOrders.status, 'created'),
                  isNull(paymentOrders.reconciledAt),
                  lt(paymentOrders.expiresAt, expiredBefore),
                ),
              )
              .orderBy(asc(paymentOrders.expiresAt))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },

    /** The provider could not be asked: the order is checked again by the next run. */
    async unmarkReconciled(id: string) {
      await db.update(paymentOrders).set({ reconciledAt: null }).where(eq(paymentOrders.id, id));
    },

    /**
     * The captured payments that settled paid orders of these purposes for one reference, newest
     * first, each with the paise not yet refunded (or being refunded).
     */
    async capturedPaymentsFor(purposes: string[], referenceId: string) {
      const refunded = sql<string>`coalesce((select sum(${refunds.amountPaise}) from ${refunds} where ${refunds.paymentId} = ${payments.id}), 0)::text`;
      const rows = await db
        .select({ payment: payments, purpose: paymentOrders.purpose, refunded })
        .from(paymentOrders)
        .innerJoin(payments, eq(payments.providerPaymentId, paymentOrders.settledByPaymentId))
        .where(
          and(
            inArray(paymentOrders.purpose, purposes),
            eq(paymentOrders.referenceId, referenceId),
            eq(paymentOrders.status, 'paid'),
            eq(payments.status, 'captured'),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id));
      return rows.map(({ payment, purpose, refunded: paise }) => ({
        payment,
        purpose,
        refundablePaise: payment.amountPaise - Number(paise),
      }));
    },

    async listPaymentsForOrder(orderId: string) {
      return db.select().from(payments).where(eq(payments.orderId, orderId));
    },

    /** Records a webhook event id; false when it was already recorded (a redelivery). */
    async recordWebhookEvent(eventId: string, provider: string, event: string) {
      const rows = await db
        .insert(paymentWebhookEvents)
        .values({ eventId, provider, event })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return rows.length > 0;
    },

    /** Inserts the refund unless one with this idempotency key exists; returns whichever is stored. */
    async createRefundOnce(values: typeof refunds.$inferInsert) {
      const inserted = await db.insert(refunds).values(values).onConflictDoNothing().returning();
      if (inserted[0]) return { refund: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(refunds)
        .where(eq(refunds.idempotencyKey, values.idempotencyKey));
      return { refund: existing!, created: false };
    },

    async findRefundById(id: string) {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row;
    },

    async listRefundsForPayments(paymentIds: string[]) {
      if (paymentIds.length === 0) return [];
      return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds));
    },

    async listRefundsForPayment(paymentId: string) {
      return db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    },

    async refundedOrPendingPaise(paymentId: string) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)::text` })
        .from(refunds)
        .where(eq(refunds.paymentId, paymentId));
      return Number(row?.total ?? 0);
    },

    /**
     * Claims due pending refunds (one id, or up to `limit`) by pushing their next try past a lease, so
     * two workers, or the worker and an immediate attempt, never send the same refund at once.
     */
    async claimDueRefunds(now: Date, leaseUntil: Date, limit: number, onlyId?: string) {
      return queryRows<ClaimedRefund>(
        db,
        sql`update refunds r
            set next_retry_at = ${leaseUntil.toISOString()}::timestamptz,
                attempts = r.attempts + 1,
                updated_at = ${now.toISOString()}::timestamptz
            from payments p, payment_orders o
            where p.id = r.payment_id and o.id = p.order_id
              and r.id in (
                select id from refunds
                where status = 'pending'
                  and next_retry_at <= ${now.toISOString()}::timestamptz
                  ${onlyId ? sql`and id = ${onlyId}::uuid` : sql``}
                order by next_retry_at
                limit ${limit}
                for update skip locked
              )
            returning r.id, p.provider_payment_id as "providerPaymentId",
              o.purpose, o.reference_id as "referenceId",
              r.amount_paise as "amountPaise", r.idempotency_key as "idempotencyKey",
              r.reason, r.attempts`,
      );
    },

    async markRefundProcessed(id: string, providerRefundId: string, now: Date) {
      await db
        .update(refunds)
        .set({ status: 'processed', providerRefundId, processedAt: now, lastError: null })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    async markRefundFailed(id: string, lastError: string, nextRetryAt: Date) {
      await db
        .update(refunds)
        .set({ lastError, nextRetryAt })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },
  };
}
