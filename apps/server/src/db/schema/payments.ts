/**
 * Payments: orders placed with the provider, payments received against them, webhook events already
 * processed, and refunds (retried until the provider accepts them). Amounts are integer paise.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    /** What the order pays for ('booking', 'penalty', ...) and the id of that record. */
    purpose: text('purpose').notNull(),
    referenceId: text('reference_id').notNull(),
    /** The user who pays; only they may verify the payment from a browser. */
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['created', 'paid', 'refused'] })
      .notNull()
      .default('created'),
    receipt: text('receipt').notNull(),
    description: text('description').notNull().default(''),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The provider payment that settled the order (paid or refused), once one has. */
    settledByPaymentId: text('settled_by_payment_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * When the reconciliation sweep asked the provider for this unsettled order's payments after it
     * expired (so a payment whose callback and webhook never arrived is still settled), once.
     */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payment_orders_provider_order_unique').on(table.providerOrderId),
    index('payment_orders_unreconciled_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'created' and ${table.reconciledAt} is null`),
    index('payment_orders_reference_idx').on(table.purpose, table.referenceId),
    check('payment_orders_amount_positive', sql`${table.amountPaise} > 0`),
    check('payment_orders_status_check', sql`${table.status} in ('created', 'paid', 'refused')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** captured: money kept; rejected: money received but refused (refund recorded); failed: no money. */
    status: text('status', { enum: ['captured', 'rejected', 'failed'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    method: text('method'),
    /** Which path told us first: the checkout callback, the webhook, or the reconciliation sweep. */
    confirmedVia: text('confirmed_via', {
      enum: ['checkout', 'webhook', 'reconciliation'],
    }).notNull(),
    rejectionReason: text('rejection_reason'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_provider_payment_unique').on(table.providerPaymentId),
    index('payments_order_idx').on(table.orderId),
    check('payments_status_check', sql`${table.status} in ('captured', 'rejected', 'failed')`),
  ],
);

/** Webhook event ids already handled, so a redelivered event changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Sent to the provider too, so a retried request can never refund twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** pending until the provider accepts it; retried by the worker, never dropped. */
    status: text('status', { enum: ['pending', 'processed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key_unique').on(table.idempotencyKey),
    // A payment's refunds (the Practice page's money, a session's refundable rest) without a scan.
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_pending_idx')
      .on(table.nextRetryAt)
      .where(sql`${table.status} = 'pending'`),
    check('refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check('refunds_status_check', sql`${table.status} in ('pending', 'processed')`),
  ],
);

/**
 * The sandbox provider's own ledger: what its pretend gateway "charged", so verification fetches the
 * payment from the provider exactly as it does from Razorpay instead of trusting the browser.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  status: text('status', { enum: ['captured', 'failed'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's signing secret: made by the first server process that needs it and read by every
 * other, so a checkout signed by one process verifies on another, and after a restart.
 */
export const sandboxSecrets = pgTable('sandbox_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
