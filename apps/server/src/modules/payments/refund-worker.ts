import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments-service';

/**
 * Retries refunds the provider has not accepted yet, every `intervalMs`. One run at a time; `stop`
 * waits for a run in progress so closing the app leaves no query behind.
 */
export function startRefundWorker(
  payments: PaymentsService,
  intervalMs: number,
  log: FastifyBaseLogger,
) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = payments
      .retryDueRefunds()
      .then((processed) => {
        if (processed > 0) log.info({ processed }, 'refunds sent on retry');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'refund retry run failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
