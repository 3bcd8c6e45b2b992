import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createMailRepository } from './mail-repository';
import type { MailTransport } from './mail-transport';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** First retry after this long, doubling each time up to an hour. */
  baseBackoffMs?: number;
  maxAttempts?: number;
}

const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/**
 * Drains the outbox: polls, and wakes at once when a request just queued mail. A failed send is retried
 * with exponential backoff; after `maxAttempts` the message is marked failed and logged.
 */
export function createMailWorker({
  db,
  transport,
  log,
  pollMs = 2_000,
  baseBackoffMs = 30_000,
  maxAttempts = 8,
}: MailWorkerOptions) {
  const mail = createMailRepository(db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function drainOnce(): Promise<number> {
    const claimed = await mail.claimDue(new Date(), LEASE_MS, BATCH);
    for (const message of claimed) {
      try {
        await transport.send(message);
        await mail.markSent(message.id, new Date());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (message.attempts >= maxAttempts) {
          log.error({ mailId: message.id, reason }, 'mail: giving up after repeated failures');
          await mail.markFailed(message.id, reason);
        } else {
          const retryAt = new Date(Date.now() + backoffMs(message.attempts, baseBackoffMs));
          log.warn({ mailId: message.id, reason, retryAt }, 'mail: send failed, will retry');
          await mail.markRetry(message.id, retryAt, reason);
        }
      }
    }
    return claimed.length;
  }

  /** Runs one drain at a time; a wake during a drain runs another right after. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await drainOnce()) === BATCH && !stopped);
        } catch (error) {
          // The database may be briefly unreachable; the next poll tries again.
          log.warn({ err: error }, 'mail: could not read the outbox');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, pollMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Asks for a drain now (after a transaction that queued mail has committed). */
    wake() {
      if (!stopped) void run();
    },
    /** Drains everything due now; tests use it to deliver without waiting for a poll. */
    drain: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
