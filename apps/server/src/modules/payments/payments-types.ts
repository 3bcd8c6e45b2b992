import type { CheckoutParams, DocumentKind, ErrorCode } from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { ProviderPayment } from './payment-provider';
import type { PaymentOrderRow, PaymentRow, RefundRow } from './payments-repository';

// The payments layer's contracts with the rest of the server: what a purpose (a booking, a
// penalty...) and the receipts module plug in, and what a settlement comes to. Their own file, so
// the service and its parts (settlement, refunds, reconciliation) import them without a circle.

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
