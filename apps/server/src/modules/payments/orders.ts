import type { FastifyBaseLogger } from 'fastify';
import { CURRENCY, type CheckoutParams } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { paymentOrders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository, type PaymentOrderRow } from './payments-repository';
import type { CreateOrderInput } from './payments-types';

/** How long an order stays payable unless the caller says otherwise (a booking hold's 10 minutes). */
export const DEFAULT_ORDER_TTL_MS = 10 * 60 * 1000;

/** Opening orders with the provider and recording them, and the checkout the browser opens them with. */
export function createOrders({
  provider,
  log,
  clock,
}: {
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
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

  return { openOrder, checkoutFor };
}
