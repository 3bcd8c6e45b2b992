import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutParams,
  DEFAULT_RATES_INR,
  RazorpayOrderId,
  SandboxOrderData,
  SandboxPayBody,
  SandboxPayData,
  okEnvelope,
} from '@sukoon/shared';
import { AppError, localizedError } from '../../lib/errors';
import { requestLocale, translate } from '../../i18n/translate';
import { requireAuth } from '../../plugins/authenticate';
import { razorpayStyleId } from './payment-provider';
import type { SandboxProvider } from './sandbox-provider';
import type { createSandboxWebhookQueue } from './sandbox-webhooks';

/** The purpose of the "try the test checkout" order; its handler accepts every payment. */
export const SANDBOX_DEMO_PURPOSE = 'sandbox-demo';

interface SandboxRoutesOptions {
  sandbox: SandboxProvider;
  webhooks: ReturnType<typeof createSandboxWebhookQueue>;
}

/**
 * What the sandbox checkout page calls. Registered only when the sandbox is the provider (never in
 * production, which refuses to start without Razorpay keys).
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, options) => {
  const { sandbox, webhooks } = options;

  async function payableOrder(orderId: string, userId: string) {
    const order = await app.payments.findOrder(orderId);
    if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (order.payerId !== userId) {
      throw localizedError('FORBIDDEN', 'error.payment.otherAccount');
    }
    return order;
  }

  app.get(
    '/api/payments/sandbox/orders/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'TEST MODE: an order as the sandbox checkout shows it',
        security: [{ bearer: [] }],
        params: z.object({ orderId: RazorpayOrderId }),
        response: { 200: okEnvelope(SandboxOrderData) },
      },
    },
    async (request) => {
      const order = await payableOrder(request.params.orderId, requireAuth(request).id);
      return {
        success: true as const,
        data: {
          order_id: order.providerOrderId,
          amount: order.amountPaise,
          currency: order.currency,
          status: order.status,
          description: order.description,
        },
        error: null,
      };
    },
  );

  app.post(
    '/api/payments/sandbox/pay',
    {
      config: { keepsSessions: true },
      schema: {
        tags: ['payments'],
        summary: "TEST MODE: pay an order; returns Razorpay checkout's handler payload",
        security: [{ bearer: [] }],
        body: SandboxPayBody,
        response: { 200: okEnvelope(SandboxPayData) },
      },
    },
    async (request) => {
      const body = request.body;
      const order = await payableOrder(body.order_id, requireAuth(request).id);
      if (order.status !== 'created') {
        throw localizedError('CONFLICT', 'error.payment.alreadyPaid');
      }
      // As in Razorpay's test mode, the UPI id failure@razorpay always fails.
      const outcome = body.vpa === 'failure@razorpay' ? 'failure' : body.outcome;
      const charged = await sandbox.charge({
        order,
        amountPaise: body.amount ?? order.amountPaise,
        method: body.method,
        outcome,
      });
      await webhooks.enqueue(charged.webhooks, body.webhook);
      const data: SandboxPayData =
        charged.signature !== null
          ? {
              outcome: 'success',
              response: {
                razorpay_order_id: order.providerOrderId,
                razorpay_payment_id: charged.payment.id,
                razorpay_signature: charged.signature,
              },
            }
          : {
              outcome: 'failure',
              response: {
                error: {
                  code: 'BAD_REQUEST_ERROR',
                  // Worded in the payer's language: the checkout shows it as the reason.
                  description: translate(requestLocale(request), 'payment.sandbox.failed'),
                  source: 'customer',
                  step: 'payment_authorization',
                  reason: 'payment_failed',
                  metadata: { order_id: order.providerOrderId, payment_id: charged.payment.id },
                },
              },
            };
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/payments/sandbox/demo-order',
    {
      schema: {
        tags: ['payments'],
        summary: 'TEST MODE: an order for a 20-minute session fee, to try the sandbox checkout',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(CheckoutParams) },
      },
    },
    async (request) => {
      const user = requireAuth(request);
      const { checkout } = await app.payments.createOrder({
        purpose: SANDBOX_DEMO_PURPOSE,
        referenceId: razorpayStyleId('evt').slice(4),
        amountPaise: DEFAULT_RATES_INR[20] * 100,
        payerId: user.id,
        // The checkout shows it under the name, in the payer's language.
        description: translate(requestLocale(request), 'payment.sandbox.demoDescription'),
        prefill: { name: user.username, email: user.email },
      });
      return { success: true as const, data: checkout, error: null };
    },
  );
};
