import type { FastifyBaseLogger } from 'fastify';
import type {
  CheckoutParams,
  PaymentOrderData,
  PaymentsPublicConfig,
  VerifyPaymentBody,
  VerifyPaymentData,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, localizedError } from '../../lib/errors';
import {
  ProviderError,
  signaturesMatch,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider';
import { createOrders } from './orders';
import {
  createPaymentsRepository,
  type PaymentOrderRow,
  type PaymentRow,
  type RefundRow,
} from './payments-repository';
import type {
  CreateOrderInput,
  PaymentDocuments,
  PurposeHandler,
  RefundInput,
} from './payments-types';
import { createReconciler } from './reconciliation';
import { createRefunds } from './refunds';
import { createSettlement } from './settlement';
import { createWebhookHandler } from './webhooks';

/**
 * The payments layer: orders opened with the provider (orders.ts), settled exactly once whichever
 * of the checkout callback, a webhook (webhooks.ts) or the reconciliation brings the payment
 * (settlement.ts, reconciliation.ts), and refunds recorded and retried (refunds.ts). What it pays
 * for is a purpose's business (payments-types.ts); this file puts the parts together.
 */
export interface PaymentsServiceOptions {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Base delay before the first retry of a failed refund. */
  refundRetryMs: number;
  clock?: () => Date;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, provider, log } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createPaymentsRepository(db);
  const handlers = new Map<string, PurposeHandler>();
  let documents: PaymentDocuments | null = null;

  const { recordRefund, sendRefund, attemptRefund } = createRefunds({
    db,
    repository,
    provider,
    log,
    handlers,
    clock,
    refundRetryMs: options.refundRetryMs,
    documents: () => documents,
  });
  const settle = createSettlement({
    db,
    provider,
    log,
    clock,
    handlers,
    documents: () => documents,
    recordRefund,
    sendRefund,
  });
  const { openOrder, checkoutFor } = createOrders({ provider, log, clock });
  const webhooks = createWebhookHandler({ provider, repository, settle });

  function toVerifyData(order: PaymentOrderRow, payment: PaymentRow): VerifyPaymentData {
    return {
      orderId: order.providerOrderId,
      paymentId: payment.providerPaymentId,
      purpose: order.purpose,
      referenceId: order.referenceId,
      amountPaise: payment.amountPaise,
      currency: payment.currency,
      status: 'paid',
    };
  }

  async function fetchPayment(paymentId: string): Promise<ProviderPayment> {
    try {
      return await provider.fetchPayment(paymentId);
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        throw new AppError('PAYMENT_SIGNATURE_INVALID');
      }
      // Our own database down (the sandbox keeps its ledger there) is a 503, not the provider's fault.
      if (isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error }, 'could not fetch a payment from the provider');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  const reconciler = createReconciler({ repository, provider, log, settle });

  return {
    provider,

    publicConfig(): PaymentsPublicConfig {
      return { provider: provider.name, keyId: provider.keyId, testMode: provider.testMode };
    },

    registerPurpose(purpose: string, handler: PurposeHandler) {
      handlers.set(purpose, handler);
    },

    /** Receipts and refund notes, numbered in the settling and refunding transactions. */
    registerDocuments(registered: PaymentDocuments) {
      documents = registered;
    },

    findOrder: (providerOrderId: string) => repository.findOrderByProviderId(providerOrderId),

    /** Opens the provider's order and records it at once (see `openOrder` to record it in a transaction). */
    async createOrder(input: CreateOrderInput) {
      return (await openOrder(input)).record(db);
    },

    openOrder,

    /**
     * The payer's order for this purpose and reference that is still open, with its checkout, so
     * asking again (a second tab, a reload) pays the same order instead of opening another.
     */
    async findOpenOrder(
      purpose: string,
      referenceId: string,
      payerId: string,
      prefill?: CheckoutParams['prefill'],
    ) {
      const order = await repository.findOpenOrder(purpose, referenceId, payerId, clock());
      return order ? { order, checkout: checkoutFor(order, prefill) } : null;
    },

    /**
     * Settles orders whose payment never reached us: after an order has expired (plus a grace for a
     * late callback), its payments are asked of the provider once and settled like any other, so a
     * captured payment is never left unrecorded because a browser closed and a webhook was missed.
     */
    reconcileExpiredOrders: (now: Date = clock()) => reconciler.reconcileExpiredOrders(now),

    /** The checkout callback: signature over the stored order id, amount from the provider, once. */
    async verifyCheckout(body: VerifyPaymentBody, userId: string): Promise<VerifyPaymentData> {
      const order = await repository.findOrderByProviderId(body.razorpay_order_id);
      if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (order.payerId !== userId) {
        throw localizedError('FORBIDDEN', 'error.payment.otherAccount');
      }
      await provider.ready?.();
      const expected = provider.checkoutSignature(order.providerOrderId, body.razorpay_payment_id);
      if (!signaturesMatch(expected, body.razorpay_signature)) {
        throw new AppError('PAYMENT_SIGNATURE_INVALID');
      }
      const payment = await fetchPayment(body.razorpay_payment_id);
      if (payment.orderId !== order.providerOrderId) {
        throw new AppError('PAYMENT_SIGNATURE_INVALID');
      }
      const outcome = await settle(order.providerOrderId, payment, 'checkout');
      switch (outcome.kind) {
        case 'paid':
          return toVerifyData(outcome.order, outcome.payment);
        case 'rejected':
          if (outcome.reason === 'amount_mismatch') throw new AppError('PAYMENT_AMOUNT_MISMATCH');
          // The first payment settled the order; its purpose's refusal text would wrongly say it failed.
          if (outcome.reason === 'already_settled') throw new AppError('PAYMENT_ALREADY_PAID');
          throw new AppError(handlers.get(order.purpose)?.refusedCode ?? 'PAYMENT_REFUNDED');
        case 'failed':
          throw localizedError('PAYMENT_NOT_CAPTURED', 'error.payment.notCaptured');
        default:
          throw new AppError('PAYMENT_NOT_CAPTURED');
      }
    },

    handleWebhook: webhooks.handleWebhook,

    /**
     * Refunds (part of) a payment we recorded. The idempotency key makes repeated calls one refund;
     * it is tried at once and, if the provider fails, retried by the worker until it goes through.
     */
    async refund(input: RefundInput): Promise<RefundRow> {
      const { refund, created } = await db.transaction((tx) => recordRefund(tx, input));
      if (created) await sendRefund(refund.id);
      return (await repository.findRefundById(refund.id))!;
    },

    /** For a caller's own transaction: record the refund with its change, then `sendRefund` after commit. */
    recordRefund: async (tx: Database, input: RefundInput) =>
      (await recordRefund(tx, input)).refund,
    sendRefund,

    /** Captured payments of orders of these purposes for one reference, newest first, with what is left. */
    capturedPayments: (purposes: string[], referenceId: string, tx: Database = db) =>
      createPaymentsRepository(tx).capturedPaymentsFor(purposes, referenceId),

    /** Sends every refund whose retry time has come; the worker calls this on a timer. */
    retryDueRefunds: (now?: Date) => attemptRefund(undefined, now ?? clock()),

    /** An order with its payments and refunds, for its payer only. */
    async describeOrder(providerOrderId: string, userId: string): Promise<PaymentOrderData> {
      const order = await repository.findOrderByProviderId(providerOrderId);
      if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (order.payerId !== userId) {
        throw localizedError('FORBIDDEN', 'error.payment.otherAccount');
      }
      const paymentRows = await repository.listPaymentsForOrder(order.id);
      const refundRows = await repository.listRefundsForPayments(paymentRows.map((row) => row.id));
      const providerIdOf = new Map(paymentRows.map((row) => [row.id, row.providerPaymentId]));
      return {
        order_id: order.providerOrderId,
        purpose: order.purpose,
        reference_id: order.referenceId,
        amount: order.amountPaise,
        currency: order.currency,
        status: order.status,
        payments: paymentRows.map((row) => ({
          id: row.providerPaymentId,
          status: row.status,
          amount: row.amountPaise,
          method: row.method,
          created_at: row.createdAt.toISOString(),
        })),
        refunds: refundRows.map((row) => ({
          id: row.providerRefundId ?? row.id,
          payment_id: providerIdOf.get(row.paymentId) ?? '',
          status: row.status,
          amount: row.amountPaise,
          attempts: row.attempts,
          next_retry_at: row.status === 'pending' ? row.nextRetryAt.toISOString() : null,
          processed_at: row.processedAt?.toISOString() ?? null,
        })),
      };
    },

    listRefundsForPayment: (paymentId: string) => repository.listRefundsForPayment(paymentId),
    findRefund: (id: string) => repository.findRefundById(id),
    findPaymentByProviderId: (id: string) => repository.findPaymentByProviderId(id),
  };
}
