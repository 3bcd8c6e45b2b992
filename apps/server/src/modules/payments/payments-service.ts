import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  CURRENCY,
  type DocumentKind,
  type ErrorCode,
  type CheckoutParams,
  type PaymentOrderData,
  type PaymentsPublicConfig,
  type VerifyPaymentBody,
  type VerifyPaymentData,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import {
  AppError,
  isDatabaseUnavailable,
  isTransientDatabaseError,
  localizedError,
} from '../../lib/errors';
import {
  ProviderError,
  signaturesMatch,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider';
import {
  createPaymentsRepository,
  type PaymentOrderRow,
  type PaymentRow,
  type RefundRow,
} from './payments-repository';
import { paymentOrders } from '../../db/schema';
import { toProviderPayment } from './razorpay-provider';
import { createReconciler } from './reconciliation';
import { createRefunds } from './refunds';

/** How long an order stays payable unless the caller says otherwise (a booking hold's 10 minutes). */
export const DEFAULT_ORDER_TTL_MS = 10 * 60 * 1000;

export type PurposeDecision = { accepted: true } | { accepted: false; reason: string };

export interface RefundInput {
  /** Our id of the payment (payments.id). */
  paymentId: string;
  /** The same key always means the same refund: repeating a call never refunds twice. */
  idempotencyKey: string;
  reason: string;
  /** Paise; the whole payment when absent. */
  amountPaise?: number;
}

/**
 * What a purpose (booking, penalty...) does when its order is paid. It runs inside the transaction that
 * settles the order, exactly once per order, whichever of checkout callback and webhook comes first.
 * Refusing (say, the hold expired) makes the payments layer refund the payment and record why; the
 * checkout then answers with `refusedCode`. `refund` records a refund of another payment in the same
 * transaction (a psychologist's cancellation refunds the patient); it is sent once the settlement commits.
 */
export interface PurposeHandler {
  refusedCode?: ErrorCode;
  /** The provider accepted a refund of a payment of this purpose's order (in the marking transaction). */
  refunded?(context: { tx: Database; referenceId: string; amountPaise: number }): Promise<void>;
  confirm(context: {
    tx: Database;
    order: PaymentOrderRow;
    payment: ProviderPayment;
    refund: (input: RefundInput) => Promise<RefundRow>;
    /**
     * The payment's receipt, numbered now (once: a later call, and the settlement after the purpose
     * accepts, get this same one), for a purpose that accepts and mentions it (the booking's
     * confirmation). Null when the payment gets none. A purpose that asks must not then refuse.
     */
    receipt: () => Promise<IssuedReceipt | null>;
  }): Promise<PurposeDecision>;
}

/** A receipt as a purpose names and attaches it. */
export interface IssuedReceipt {
  id: string;
  kind: DocumentKind;
  number: string;
}

/**
 * Documents of money taken and given back (the receipts module): each runs in the transaction that
 * settles the payment or records the refund, so its number is used exactly when that commits.
 */
export interface PaymentDocuments {
  /** A payment was accepted: its receipt (called once per settled payment). */
  captured(
    tx: Database,
    order: PaymentOrderRow,
    payment: ProviderPayment,
    now: Date,
  ): Promise<IssuedReceipt | null>;
  /** A refund of a payment was recorded: its refund note. */
  refundRecorded(
    tx: Database,
    refund: RefundRow,
    providerPaymentId: string,
    now: Date,
  ): Promise<unknown>;
}

export type SettleOutcome =
  | { kind: 'paid'; order: PaymentOrderRow; payment: PaymentRow }
  | {
      kind: 'rejected';
      order: PaymentOrderRow;
      payment: PaymentRow;
      reason: 'amount_mismatch' | 'refused' | 'already_settled';
    }
  | { kind: 'failed' | 'pending'; order: PaymentOrderRow }
  | { kind: 'unknown_order' }
  | { kind: 'duplicate_event' };

export interface CreateOrderInput {
  purpose: string;
  referenceId: string;
  /** Computed by the caller on the server (rates, penalty); never an amount from the browser. */
  amountPaise: number;
  payerId: string;
  description: string;
  notes?: Record<string, string>;
  receipt?: string;
  ttlMs?: number;
  prefill?: CheckoutParams['prefill'];
}

export interface PaymentsServiceOptions {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Base delay before the first retry of a failed refund. */
  refundRetryMs: number;
  clock?: () => Date;
}

/** The parts of a Razorpay webhook we read; everything else is carried but ignored. */
const PaymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string().nullish(),
});
const WebhookEvent = z.object({
  event: z.string(),
  payload: z.object({ payment: z.object({ entity: PaymentEntity }).optional() }).loose(),
});

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, provider, log } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createPaymentsRepository(db);
  const handlers = new Map<string, PurposeHandler>();
  let documents: PaymentDocuments | null = null;

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
      (issued ??= documents ? documents.captured(tx, order, captured, now) : Promise.resolve(null));

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

  /**
   * The provider's order first (Razorpay: an HTTP call, kept outside any transaction), then `record(tx)`
   * writes our row in the caller's transaction, so what the order pays for and the order commit
   * together or not at all. An order opened but never recorded is harmless: it cannot be verified
   * without our row, and nobody was given its id to pay.
   */
  async function openOrder(input: CreateOrderInput) {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
      throw new Error(`An order needs a positive whole number of paise, got ${input.amountPaise}`);
    }
    // Razorpay limits receipts to 40 characters.
    const receipt = (input.receipt ?? `${input.purpose}-${input.referenceId}`).slice(0, 40);
    const notes = { ...input.notes, purpose: input.purpose, reference_id: input.referenceId };
    let providerOrder;
    try {
      providerOrder = await provider.createOrder({
        amountPaise: input.amountPaise,
        currency: CURRENCY,
        receipt,
        notes,
      });
    } catch (error) {
      log.warn({ err: error }, 'the provider did not create the order');
      throw new AppError('ORDER_CREATION_FAILED');
    }
    const values = () => ({
      provider: provider.name,
      providerOrderId: providerOrder.id,
      purpose: input.purpose,
      referenceId: input.referenceId,
      payerId: input.payerId,
      amountPaise: input.amountPaise,
      currency: CURRENCY,
      receipt,
      description: input.description,
      notes,
      expiresAt: new Date(clock().getTime() + (input.ttlMs ?? DEFAULT_ORDER_TTL_MS)),
    });
    return {
      async record(tx: Database) {
        const order = await createPaymentsRepository(tx).createOrder(values());
        return { order, checkout: checkoutFor(order, input.prefill) };
      },
      /**
       * Our row's INSERT, not run, for a caller that writes it in one statement with its own rows
       * (`writeTogether`: a hold, its audit entry and its order in one round trip), with what the
       * caller answers once that statement has run.
       */
      insertStatement(tx: Database) {
        const order = values();
        return {
          statement: tx.insert(paymentOrders).values(order).getSQL(),
          order,
          checkout: checkoutFor(order, input.prefill),
        };
      },
    };
  }

  /** What the browser opens the checkout with, for an order of ours. */
  function checkoutFor(
    order: Pick<PaymentOrderRow, 'providerOrderId' | 'amountPaise' | 'currency' | 'description'>,
    prefill?: CheckoutParams['prefill'],
  ): CheckoutParams {
    return {
      provider: provider.name,
      key: provider.keyId,
      order_id: order.providerOrderId,
      amount: order.amountPaise,
      currency: order.currency,
      name: 'Sukoon',
      description: order.description,
      ...(prefill ? { prefill } : {}),
    };
  }

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

    /**
     * A webhook: signature over the raw body with the webhook secret, then deduplicated on the event id
     * (Razorpay's X-Razorpay-Event-Id header) in the same transaction that settles the order.
     */
    async handleWebhook(rawBody: string, signature: string | undefined, eventIdHeader?: string) {
      await provider.ready?.();
      if (!signature || !signaturesMatch(provider.webhookSignature(rawBody), signature)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      let parsed: z.infer<typeof WebhookEvent>;
      try {
        parsed = WebhookEvent.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not a Razorpay event.');
      }
      const entity = parsed.payload.payment?.entity;
      const eventId = eventIdHeader ?? `${parsed.event}:${entity?.id ?? 'none'}`;
      const relevant = ['payment.captured', 'order.paid', 'payment.failed'].includes(parsed.event);
      if (!relevant || !entity?.order_id) {
        const fresh = await repository.recordWebhookEvent(eventId, provider.name, parsed.event);
        return { duplicate: !fresh, outcome: 'ignored' as const };
      }
      const outcome = await settle(entity.order_id, toProviderPayment(entity), 'webhook', {
        id: eventId,
        event: parsed.event,
      });
      return {
        duplicate: outcome.kind === 'duplicate_event',
        outcome: outcome.kind,
      };
    },

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
