import { randomBytes } from 'node:crypto';
import type { SandboxMethod } from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { sandboxPayments } from '../../db/schema';
import {
  ProviderError,
  hmacHex,
  razorpayStyleId,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider';
import { createSandboxRepository } from './sandbox-repository';

/** A signed webhook as Razorpay would POST it: the raw JSON body and its headers. */
export interface SandboxWebhook {
  eventId: string;
  event: 'payment.captured' | 'order.paid' | 'payment.failed';
  rawBody: string;
  signature: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /**
   * Loads the signing secret every server process on this database shares (making it on first use).
   * Resolves at once when the secret was given; a failure (the database unreachable) is retried on
   * the next call.
   */
  ready(): Promise<void>;
  /** What the pretend gateway does when the checkout's Pay is pressed. */
  charge(input: {
    order: { providerOrderId: string; amountPaise: number; currency: string; receipt: string };
    amountPaise: number;
    method: SandboxMethod;
    outcome: 'success' | 'failure';
  }): Promise<{ payment: ProviderPayment; signature: string | null; webhooks: SandboxWebhook[] }>;
}

const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/** A row of the sandbox's ledger as the provider interface reports a payment. */
function asProviderPayment(row: typeof sandboxPayments.$inferSelect): ProviderPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    currency: row.currency,
    status: row.status,
    method: row.method,
  };
}
const SANDBOX_ACCOUNT_ID = 'acc_SukoonSandbox0';

/**
 * The embedded, offline provider: test mode only. It keeps what it "charged" in its own table and signs
 * with a secret kept in the database, in Razorpay's exact formats, so verification runs the same code as
 * with Razorpay and a forged or tampered payment fails here just as it would there. The secret is shared
 * through the database because a checkout paid on one server process (a cluster worker, or the process
 * before a restart) is verified on another, as Razorpay's keys are the same for every process.
 */
export function createSandboxProvider(db: Database, givenSecret?: string): SandboxProvider {
  const ledger = createSandboxRepository(db);
  let secret = givenSecret;
  let loading: Promise<void> | null = null;
  const ready = () => {
    if (secret !== undefined) return Promise.resolve();
    loading ??= ledger
      .sharedSecret(randomBytes(32).toString('hex'))
      .then((stored) => {
        secret = stored;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const signingSecret = () => {
    if (secret === undefined) throw new Error('The sandbox provider is not ready: await ready()');
    return secret;
  };
  const webhookSignature = (rawBody: string) =>
    hmacHex(hmacHex(signingSecret(), 'webhook'), rawBody);
  const checkoutSignature = (orderId: string, paymentId: string) =>
    hmacHex(signingSecret(), `${orderId}|${paymentId}`);

  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    testMode: true,

    ready,

    async createOrder({ amountPaise, currency }) {
      return { id: razorpayStyleId('order'), amountPaise, currency };
    },

    async fetchPayment(paymentId) {
      const payment = await ledger.findById(paymentId);
      if (!payment)
        throw new ProviderError(`The id provided does not exist: ${paymentId}`, false, 400);
      return asProviderPayment(payment);
    },

    async fetchOrderPayments(orderId) {
      return (await ledger.listForOrder(orderId)).map(asProviderPayment);
    },

    async fetchPaymentsOfOrders(orderIds) {
      return (await ledger.listForOrders(orderIds)).map(asProviderPayment);
    },

    async refund({ paymentId, amountPaise, idempotencyKey }) {
      await ready();
      const payment = await ledger.findById(paymentId);
      if (!payment || payment.status !== 'captured') {
        throw new ProviderError(`The payment ${paymentId} cannot be refunded`, false, 400);
      }
      if (amountPaise > payment.amountPaise) {
        throw new ProviderError('The refund amount exceeds the payment amount', false, 400);
      }
      // Same key, same refund id: a retried refund is recognised rather than paid out twice.
      const id = `rfnd_${hmacHex(signingSecret(), `refund|${idempotencyKey}`).slice(0, 14)}`;
      return { id, amountPaise, status: 'processed' };
    },

    checkoutSignature,
    webhookSignature,

    async charge({ order, amountPaise, method, outcome }) {
      await ready();
      const status = outcome === 'success' ? 'captured' : 'failed';
      const row = await ledger.create({
        id: razorpayStyleId('pay'),
        orderId: order.providerOrderId,
        amountPaise,
        currency: order.currency,
        method,
        status,
      });
      const payment = asProviderPayment(row);
      const createdAt = Math.floor(row.createdAt.getTime() / 1000);
      const paymentEntity = {
        id: payment.id,
        entity: 'payment',
        amount: payment.amountPaise,
        currency: payment.currency,
        status: payment.status,
        order_id: order.providerOrderId,
        method,
        captured: status === 'captured',
        amount_refunded: 0,
        refund_status: null,
        error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: status === 'failed' ? 'Payment failed' : null,
        notes: {},
        created_at: createdAt,
      };
      const sign = (event: SandboxWebhook['event'], body: object): SandboxWebhook => {
        const rawBody = JSON.stringify(body);
        return {
          eventId: razorpayStyleId('evt'),
          event,
          rawBody,
          signature: webhookSignature(rawBody),
        };
      };
      const envelope = (event: SandboxWebhook['event'], payload: object) => ({
        entity: 'event',
        account_id: SANDBOX_ACCOUNT_ID,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: createdAt,
      });
      const webhooks =
        status === 'captured'
          ? [
              sign(
                'payment.captured',
                envelope('payment.captured', { payment: { entity: paymentEntity } }),
              ),
              sign(
                'order.paid',
                envelope('order.paid', {
                  payment: { entity: paymentEntity },
                  order: {
                    entity: {
                      id: order.providerOrderId,
                      entity: 'order',
                      amount: order.amountPaise,
                      amount_paid: payment.amountPaise,
                      amount_due: Math.max(order.amountPaise - payment.amountPaise, 0),
                      currency: order.currency,
                      receipt: order.receipt,
                      status: 'paid',
                      attempts: 1,
                      notes: {},
                      created_at: createdAt,
                    },
                  },
                }),
              ),
            ]
          : [
              sign(
                'payment.failed',
                envelope('payment.failed', { payment: { entity: paymentEntity } }),
              ),
            ];
      return {
        payment,
        signature:
          status === 'captured' ? checkoutSignature(order.providerOrderId, payment.id) : null,
        webhooks,
      };
    },
  };
}
