import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderPayment } from './payment-provider';
import type { createPaymentsRepository, PaymentOrderRow } from './payments-repository';
import type { SettleOutcome } from './payments-types';

/** An expired, unsettled order is checked with the provider this long after its expiry. */
const RECONCILE_GRACE_MS = 2 * 60 * 1000;
/** Orders claimed per round of reconciliation; one bulk question to a provider that can answer it. */
const RECONCILE_BATCH = 500;
/** Provider calls in flight at once when orders are asked one by one (Razorpay's rate limits). */
const RECONCILE_CONCURRENCY = 8;
/** A run drains the due queue until it is empty or this much time has gone, then the next run goes on. */
const RECONCILE_BUDGET_MS = 40 * 1000;

export interface ReconcilerOptions {
  repository: ReturnType<typeof createPaymentsRepository>;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  settle: (
    providerOrderId: string,
    payment: ProviderPayment,
    via: 'reconciliation',
  ) => Promise<SettleOutcome>;
}

/** Finds payments whose callback and webhook never reached us, and settles them. */
export function createReconciler({ repository, provider, log, settle }: ReconcilerOptions) {
  /**
   * Settles the claimed orders' captured or failed payments. An order the provider knows no payment of
   * stays marked as reconciled: it was abandoned and is never asked about again. An order whose
   * provider question failed is unmarked, to be asked by the next run.
   */
  async function reconcileBatch(orders: PaymentOrderRow[]): Promise<number> {
    let settled = 0;
    async function giveBack(order: PaymentOrderRow, error: unknown) {
      await repository.unmarkReconciled(order.id);
      log.warn({ err: error, orderId: order.providerOrderId }, 'could not reconcile an order');
    }
    async function settleAll(order: PaymentOrderRow, found: ProviderPayment[]) {
      try {
        for (const payment of found) {
          if (payment.status !== 'captured' && payment.status !== 'failed') continue;
          const outcome = await settle(order.providerOrderId, payment, 'reconciliation');
          if (outcome.kind === 'paid' || outcome.kind === 'rejected') settled += 1;
        }
      } catch (error) {
        await giveBack(order, error);
      }
    }
    if (provider.fetchPaymentsOfOrders) {
      let found: ProviderPayment[];
      try {
        found = await provider.fetchPaymentsOfOrders(orders.map((order) => order.providerOrderId));
      } catch (error) {
        for (const order of orders) await giveBack(order, error);
        return 0;
      }
      for (const order of orders) {
        const ofOrder = found.filter((payment) => payment.orderId === order.providerOrderId);
        if (ofOrder.length > 0) await settleAll(order, ofOrder);
      }
      return settled;
    }
    const queue = [...orders];
    async function lane() {
      for (let order = queue.shift(); order; order = queue.shift()) {
        try {
          await settleAll(order, await provider.fetchOrderPayments(order.providerOrderId));
        } catch (error) {
          await giveBack(order, error);
        }
      }
    }
    await Promise.all(Array.from({ length: RECONCILE_CONCURRENCY }, lane));
    return settled;
  }

  return {
    async reconcileExpiredOrders(now: Date): Promise<number> {
      // Real time, not the injected clock: the budget bounds how long this run holds the worker.
      const deadline = performance.now() + RECONCILE_BUDGET_MS;
      let settled = 0;
      while (performance.now() < deadline) {
        const orders = await repository.claimUnreconciled(
          now,
          new Date(now.getTime() - RECONCILE_GRACE_MS),
          RECONCILE_BATCH,
        );
        if (orders.length === 0) break;
        settled += await reconcileBatch(orders);
      }
      return settled;
    },
  };
}
