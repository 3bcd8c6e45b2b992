import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../lib/periodic';
import type { Env } from '../../env';
import type { PaymentProvider } from './payment-provider';
import { paymentsRoutes } from './payments-routes';
import { createPaymentsService, type PaymentsService } from './payments-service';
import { createRazorpayProvider } from './razorpay-provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';
import { SANDBOX_DEMO_PURPOSE, sandboxRoutes } from './sandbox-routes';
import { createSandboxWebhookQueue } from './sandbox-webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Other modules register their purposes (booking, penalty) and create orders through this. */
    payments: PaymentsService;
    /** The sandbox's webhook queue when the sandbox is the provider (tests drain it), else null. */
    paymentsSandbox: { drainWebhooks(): Promise<void> } | null;
  }
}

/** How often expired, unsettled orders are checked with the provider. */
const RECONCILE_EVERY_MS = 60_000;

/** Razorpay when its keys are configured, otherwise the embedded test-mode sandbox. */
export function createPaymentProvider(env: Env, db: Database): PaymentProvider {
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) {
    return createRazorpayProvider({
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    });
  }
  if (env.NODE_ENV === 'production') {
    // loadEnv already refuses this; kept so a hand-built Env cannot slip through either.
    throw new Error('The payment sandbox is test mode only and cannot run in production.');
  }
  return createSandboxProvider(db);
}

export const payments = fp(
  async (app: FastifyInstance, options: { provider: PaymentProvider }) => {
    const { provider } = options;
    const service = createPaymentsService({
      db: app.database.db,
      provider,
      log: app.log.child({ module: 'payments' }),
      refundRetryMs: app.env.REFUND_RETRY_SECONDS * 1000,
    });
    app.decorate('payments', service);
    app.decorate('paymentsSandbox', null);

    await app.register(paymentsRoutes);

    if (provider.name === 'sandbox') {
      const webhooks = createSandboxWebhookQueue(async (webhook) => {
        // Like Razorpay, a delivery that fails is not the checkout's problem: log it and move on.
        const response = await app
          .inject({
            method: 'POST',
            url: '/api/payments/webhook',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': webhook.signature,
              'x-razorpay-event-id': webhook.eventId,
            },
            payload: webhook.rawBody,
          })
          .catch((error: unknown) => {
            app.log.warn({ err: error, event: webhook.event }, 'sandbox webhook not delivered');
            return null;
          });
        if (response && response.statusCode !== 200) {
          app.log.warn(
            { status: response.statusCode, event: webhook.event },
            'sandbox webhook refused',
          );
        }
      });
      app.paymentsSandbox = { drainWebhooks: () => webhooks.drain() };
      service.registerPurpose(SANDBOX_DEMO_PURPOSE, { confirm: async () => ({ accepted: true }) });
      await app.register(sandboxRoutes, { sandbox: provider as SandboxProvider, webhooks });
      app.addHook('onClose', async () => webhooks.close());
    }

    app.addHook('onReady', async () => {
      // The sandbox's shared signing secret, made or read now rather than by the first request; if the
      // database cannot be reached yet, the first request that needs it tries again.
      await provider
        .ready?.()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'payments: signing secret not loaded yet'),
        );
    });
    // Refunds the provider has not accepted yet are retried until it does.
    runPeriodically(app, 'refund retries', app.env.REFUND_RETRY_SECONDS * 1000, async () => {
      const processed = await service.retryDueRefunds();
      if (processed > 0) app.log.info({ processed }, 'refunds sent on retry');
    });
    // Payments whose checkout callback and webhook never arrived are found at the provider.
    runPeriodically(app, 'payment reconciliation', RECONCILE_EVERY_MS, async () => {
      const settled = await service.reconcileExpiredOrders();
      if (settled > 0) app.log.warn({ settled }, 'payments settled by reconciliation');
    });
  },
  { name: 'payments' },
);
