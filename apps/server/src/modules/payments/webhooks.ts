import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { signaturesMatch, type PaymentProvider, type ProviderPayment } from './payment-provider';
import type { createPaymentsRepository } from './payments-repository';
import type { SettleOutcome } from './payments-types';
import { toProviderPayment } from './razorpay-provider';

/** The parts of a Razorpay webhook we read; everything else is carried but ignored. */
const PaymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string().nullish(),
});
const WebhookEvent = z.object({
  event: z.string(),
  payload: z.object({ payment: z.object({ entity: PaymentEntity }).optional() }).loose(),
});

/** The provider's webhooks: verified, deduplicated on the event id, and settled like a checkout. */
export function createWebhookHandler({
  provider,
  repository,
  settle,
}: {
  provider: PaymentProvider;
  repository: ReturnType<typeof createPaymentsRepository>;
  settle: (
    providerOrderId: string,
    payment: ProviderPayment,
    via: 'webhook',
    webhookEvent: { id: string; event: string },
  ) => Promise<SettleOutcome>;
}) {
  return {
    /**
     * A webhook: signature over the raw body with the webhook secret, then deduplicated on the event id
     * (Razorpay's X-Razorpay-Event-Id header) in the same transaction that settles the order.
     */
    handleWebhook: async (
      rawBody: string,
      signature: string | undefined,
      eventIdHeader?: string,
    ) => {
      await provider.ready?.();
      if (!signature || !signaturesMatch(provider.webhookSignature(rawBody), signature)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      let parsed: z.infer<typeof WebhookEvent>;
      try {
        parsed = WebhookEvent.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not a Razorpay event.');
      }
      const entity = parsed.payload.payment?.entity;
      const eventId = eventIdHeader ?? `${parsed.event}:${entity?.id ?? 'none'}`;
      const relevant = ['payment.captured', 'order.paid', 'payment.failed'].includes(parsed.event);
      if (!relevant || !entity?.order_id) {
        const fresh = await repository.recordWebhookEvent(eventId, provider.name, parsed.event);
        return { duplicate: !fresh, outcome: 'ignored' as const };
      }
      const outcome = await settle(entity.order_id, toProviderPayment(entity), 'webhook', {
        id: eventId,
        event: parsed.event,
      });
      return {
        duplicate: outcome.kind === 'duplicate_event',
        outcome: outcome.kind,
      };
    },
  };
}
