import { z } from 'zod';
import { CURRENCY } from './constants';
export * from './inr';

/**
 * Payments: the shapes Razorpay's checkout, verification and webhooks use, shared by the server (which
 * validates them) and the web app (which opens the checkout and shows amounts).
 */

export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What an order pays for. The booking step registers 'booking' and 'penalty' handlers. */
export const PAYMENT_PURPOSES = ['booking', 'penalty'] as const;

/** Razorpay's ids: a prefix and 14 base62 characters (the sandbox makes ids in the same format). */
export const RazorpayOrderId = z
  .string()
  .regex(/^order_[A-Za-z0-9]{1,40}$/, 'must be an order id like order_XXXXXXXXXXXXXX');
export const RazorpayPaymentId = z
  .string()
  .regex(/^pay_[A-Za-z0-9]{1,40}$/, 'must be a payment id like pay_XXXXXXXXXXXXXX');
export const RazorpaySignature = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, 'must be the 64-character hex signature from the checkout');

/** What Razorpay's checkout hands to its `handler`, posted as-is to verify-payment. */
export const VerifyPaymentBody = z.object({
  razorpay_order_id: RazorpayOrderId,
  razorpay_payment_id: RazorpayPaymentId,
  razorpay_signature: RazorpaySignature,
});
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBody>;
export type CheckoutSuccess = VerifyPaymentBody;

export const PaymentOrderStatus = z.enum(['created', 'paid', 'refused']);
export type PaymentOrderStatus = z.infer<typeof PaymentOrderStatus>;

/** The outcome of a confirmed payment: the order is paid and its purpose's handler accepted it. */
export const VerifyPaymentData = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  purpose: z.string(),
  referenceId: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  status: z.literal('paid'),
});
export type VerifyPaymentData = z.infer<typeof VerifyPaymentData>;

/** Everything the browser needs to open a checkout for an order the server created. */
export const CheckoutParams = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Razorpay's publishable key id (the sandbox sends a fake `rzp_test_sandbox` key). */
  key: z.string(),
  order_id: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string().optional(), email: z.string().optional() }).optional(),
});
export type CheckoutParams = z.infer<typeof CheckoutParams>;

/** The payments part of `/api/config`. */
export const PaymentsPublicConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string().nullable(),
  testMode: z.boolean(),
});
export type PaymentsPublicConfig = z.infer<typeof PaymentsPublicConfig>;

/** Razorpay's published test values, prefilled in the sandbox checkout. */
export const SANDBOX_TEST_VALUES = {
  card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Test Patient' },
  upi: { success: 'success@razorpay', failure: 'failure@razorpay' },
  netbanking: { bank: 'HDFC', banks: ['HDFC', 'ICICI', 'SBIN', 'UTIB'] },
} as const;

export const SANDBOX_METHODS = ['card', 'upi', 'netbanking'] as const;
export type SandboxMethod = (typeof SANDBOX_METHODS)[number];

/**
 * How the sandbox delivers its webhooks after a payment: after the checkout returns (normal), each
 * twice (duplicate), order.paid before payment.captured (reversed), before the checkout returns
 * (immediate), or not at all (none). The variants exist so tests can exercise real-world delivery.
 */
export const SANDBOX_WEBHOOK_DELIVERIES = [
  'normal',
  'duplicate',
  'reversed',
  'immediate',
  'none',
] as const;
export type SandboxWebhookDelivery = (typeof SANDBOX_WEBHOOK_DELIVERIES)[number];

export const SandboxPayBody = z
  .object({
    order_id: RazorpayOrderId,
    method: z.enum(SANDBOX_METHODS),
    outcome: z.enum(['success', 'failure']),
    card_number: z
      .string()
      .regex(/^[0-9 ]{12,23}$/, 'must be a card number of 12 to 19 digits')
      .optional(),
    vpa: z
      .string()
      .regex(/^[A-Za-z0-9._-]{2,64}@[A-Za-z]{2,64}$/, 'must be a UPI id like name@bank')
      .optional(),
    bank: z
      .string()
      .regex(/^[A-Z]{4}$/, 'must be a four-letter bank code')
      .optional(),
    /**
     * What the checkout page claims to charge. A real checkout charges the order's amount; the sandbox
     * charges this when given so tests can show that a tampered amount is refused and refunded.
     */
    amount: z.number().int().positive().optional(),
    webhook: z.enum(SANDBOX_WEBHOOK_DELIVERIES).default('normal'),
  })
  .superRefine((body, context) => {
    if (body.method === 'card' && !body.card_number) {
      context.addIssue({ code: 'custom', path: ['card_number'], message: 'Enter a card number' });
    }
    if (body.method === 'upi' && !body.vpa) {
      context.addIssue({ code: 'custom', path: ['vpa'], message: 'Enter a UPI id' });
    }
    if (body.method === 'netbanking' && !body.bank) {
      context.addIssue({ code: 'custom', path: ['bank'], message: 'Choose a bank' });
    }
  });
export type SandboxPayBody = z.input<typeof SandboxPayBody>;

/** Razorpay checkout's `payment.failed` response, which the sandbox returns for a failed payment. */
export const CheckoutFailure = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});
export type CheckoutFailure = z.infer<typeof CheckoutFailure>;

export const SandboxPayData = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('success'), response: VerifyPaymentBody }),
  z.object({ outcome: z.literal('failure'), response: CheckoutFailure }),
]);
export type SandboxPayData = z.infer<typeof SandboxPayData>;

/** A sandbox order as its checkout page shows it. */
export const SandboxOrderData = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: PaymentOrderStatus,
  description: z.string(),
});
export type SandboxOrderData = z.infer<typeof SandboxOrderData>;

/** An order as its payer sees it, with every payment against it and every refund (pending ones too). */
export const PaymentOrderData = z.object({
  order_id: z.string(),
  purpose: z.string(),
  reference_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: PaymentOrderStatus,
  payments: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['captured', 'rejected', 'failed']),
      amount: z.number().int(),
      method: z.string().nullable(),
      created_at: z.iso.datetime(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      payment_id: z.string(),
      status: z.enum(['pending', 'processed']),
      amount: z.number().int(),
      attempts: z.number().int(),
      next_retry_at: z.iso.datetime().nullable(),
      processed_at: z.iso.datetime().nullable(),
    }),
  ),
});
export type PaymentOrderData = z.infer<typeof PaymentOrderData>;

/** A refund as the people involved see it: accepted by the provider, or still being retried. */
export const RefundSummary = z.object({
  status: z.enum(['pending', 'processed']),
  /** Paise. */
  amount: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  attempts: z.number().int().nonnegative(),
});
export type RefundSummary = z.infer<typeof RefundSummary>;
