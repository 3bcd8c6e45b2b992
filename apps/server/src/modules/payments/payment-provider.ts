import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProviderName } from '@sukoon/shared';

/**
 * One interface for Razorpay and the offline sandbox, so both share a single verification path: the
 * service never trusts the browser, it asks the provider what was paid and checks the signatures.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The publishable key id the browser's checkout opens with. */
  readonly keyId: string;
  readonly testMode: boolean;
  createOrder(input: {
    amountPaise: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment made against an order, so a payment whose callback never came is still found. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * The payments of many orders in one question, when the provider can answer it so; without it the
   * reconciliation asks order by order.
   */
  fetchPaymentsOfOrders?(orderIds: string[]): Promise<ProviderPayment[]>;
  /** Must be idempotent on `idempotencyKey`: a retry never refunds twice. */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<ProviderRefund>;
  /**
   * Resolves once the signing secrets are loaded (the sandbox keeps its own in the database); await
   * it before `checkoutSignature` or `webhookSignature`. Razorpay's come from the environment.
   */
  ready?(): Promise<void>;
  /** Razorpay's checkout signature: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
  checkoutSignature(orderId: string, paymentId: string): string;
  /** Razorpay's webhook signature: HMAC-SHA256 hex of the raw body with the webhook secret. */
  webhookSignature(rawBody: string): string;
}

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: string;
}

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
}

export interface ProviderRefund {
  id: string;
  amountPaise: number;
  status: string;
}

/** A provider call that failed; `retryable` is false when repeating the same request cannot help. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode?: number,
  ) {
    super(message);
  }
}

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Compares two hex signatures in constant time, so timing reveals nothing about the right one. */
export function signaturesMatch(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(/^[0-9a-f]*$/i.test(receivedHex) ? receivedHex : '', 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Razorpay's format: a prefix and 14 base62 characters, e.g. order_Ng7aR2kP0qLz9X. */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}
