import type { SandboxWebhookDelivery } from '@sukoon/shared';
import type { SandboxWebhook } from './sandbox-provider';

/** How long after the checkout returns the sandbox "gateway" posts its webhooks. */
const DELIVERY_DELAY_MS = 250;

/**
 * Delivers the sandbox's signed webhooks to the app's own webhook route, in the order and number asked
 * for. Pending deliveries are timers; `drain` sends them now (tests), `close` drops them (shutdown).
 */
export function createSandboxWebhookQueue(deliver: (webhook: SandboxWebhook) => Promise<void>) {
  const pending = new Map<NodeJS.Timeout, SandboxWebhook[]>();

  function order(webhooks: SandboxWebhook[], delivery: SandboxWebhookDelivery): SandboxWebhook[] {
    switch (delivery) {
      case 'none':
        return [];
      case 'duplicate':
        return webhooks.flatMap((webhook) => [webhook, webhook]);
      case 'reversed':
        return [...webhooks].reverse();
      default:
        return webhooks;
    }
  }

  async function send(batch: SandboxWebhook[]) {
    for (const webhook of batch) await deliver(webhook);
  }

  return {
    /** 'immediate' delivers before returning (the webhook wins the race with the browser). */
    async enqueue(webhooks: SandboxWebhook[], delivery: SandboxWebhookDelivery) {
      const batch = order(webhooks, delivery);
      if (batch.length === 0) return;
      if (delivery === 'immediate') return send(batch);
      const timer = setTimeout(() => {
        pending.delete(timer);
        void send(batch);
      }, DELIVERY_DELAY_MS);
      timer.unref();
      pending.set(timer, batch);
    },

    /** Delivers everything still waiting, now. */
    async drain() {
      const batches = [...pending.entries()];
      for (const [timer] of batches) {
        clearTimeout(timer);
        pending.delete(timer);
      }
      for (const [, batch] of batches) await send(batch);
    },

    close() {
      for (const timer of pending.keys()) clearTimeout(timer);
      pending.clear();
    },
  };
}
