import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PaymentOrderData,
  RazorpayOrderId,
  VerifyPaymentBody,
  VerifyPaymentData,
  okEnvelope,
} from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';

/**
 * Verification and webhooks, the same for both providers. `POST /api/payments/create-order` belongs to
 * the booking step, which computes the amount from the psychologist's rate and places the hold.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payments/verify-payment',
    {
      config: { keepsSessions: true },
      schema: {
        tags: ['payments'],
        summary: "Verify the checkout's payment signature and confirm what it paid for",
        security: [{ bearer: [] }],
        body: VerifyPaymentBody,
        response: { 200: okEnvelope(VerifyPaymentData) },
      },
    },
    async (request) => {
      const user = requireAuth(request);
      const data = await app.payments.verifyCheckout(request.body, user.id);
      // What the payment confirmed (a booking) queued its emails in the settling transaction.
      app.mailer.wake();
      return { success: true as const, data, error: null };
    },
  );

  app.get(
    '/api/payments/orders/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'An order with its payments and refunds (pending refunds show their next retry)',
        security: [{ bearer: [] }],
        params: z.object({ orderId: RazorpayOrderId }),
        response: { 200: okEnvelope(PaymentOrderData) },
      },
    },
    async (request) => {
      const user = requireAuth(request);
      const data = await app.payments.describeOrder(request.params.orderId, user.id);
      return { success: true as const, data, error: null };
    },
  );

  await app.register(webhookRoute);
};

// The signature covers the exact bytes Razorpay sent, so this route alone keeps the body as a string.
const webhookRoute: FastifyPluginAsyncZod = async (scope) => {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  scope.post(
    '/api/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed)',
        headers: z
          .object({
            'x-razorpay-signature': z.string().max(200).optional(),
            'x-razorpay-event-id': z.string().max(100).optional(),
          })
          .loose(),
        body: z.string().min(1, 'The webhook body is empty'),
        response: {
          200: okEnvelope(z.object({ received: z.literal(true), duplicate: z.boolean() })),
        },
      },
    },
    async (request) => {
      const result = await scope.payments.handleWebhook(
        request.body,
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      if (result.outcome === 'paid') scope.mailer.wake();
      return {
        success: true as const,
        data: { received: true as const, duplicate: result.duplicate },
        error: null,
      };
    },
  );
};
