import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `intervalMs` while the app is up: one run at a time (a slow run is never
 * overlapped), a failure logged and retried at the next tick, and the run in progress awaited when the
 * app closes, so no query is left behind. Every background job of the server goes through here.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= run()
        .then(() => undefined)
        .catch((error: unknown) => app.log.warn({ err: error, job: name }, `${name} failed`))
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
