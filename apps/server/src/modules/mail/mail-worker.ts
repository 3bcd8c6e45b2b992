import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createMailRepository, type OutboxMail } from './mail-repository';
import type { DeliverableMail, MailTransport } from './mail-transport';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** First retry after this long, doubling each time up to an hour. */
  baseBackoffMs?: number;
  maxAttempts?: number;
  /**
   * Draws a receipt or refund note attached by id (the receipts module's PDF); null when there is no
   * such document.
   */
  renderDocument?: (id: string) => Promise<Buffer | null>;
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
  renderDocument,
}: MailWorkerOptions) {
  const mail = createMailRepository(db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /**
   * Messages the mail server accepted that could not be marked sent yet (the database was briefly
   * unreachable). They are marked before anything else is claimed, so a delivered message is never
   * put back for another attempt; only a crash before that leaves it to be sent again.
   */
  const delivered = new Map<string, Date>();

  async function recordDeliveries() {
    for (const [id, sentAt] of delivered) {
      await mail.markSent(id, sentAt);
      delivered.delete(id);
    }
  }

  /**
   * The message with its attachments' bytes: a receipt attached by id is drawn now. One that cannot be
   * drawn fails this attempt, to be retried like a refused send; on the last attempt the message goes
   * without it (it names the receipt, which its reader can download again), so a confirmation is
   * never lost for its receipt.
   */
  async function deliverable(message: OutboxMail): Promise<DeliverableMail> {
    const attachments: DeliverableMail['attachments'] = [];
    for (const { filename, contentType, ...source } of message.attachments) {
      if ('contentBase64' in source) {
        attachments.push({
          filename,
          contentType,
          content: Buffer.from(source.contentBase64, 'base64'),
        });
        continue;
      }
      let content: Buffer | null;
      let problem = 'no such document';
      try {
        content = (await renderDocument?.(source.documentId)) ?? null;
      } catch (error) {
        content = null;
        problem = error instanceof Error ? error.message : String(error);
      }
      if (content) {
        attachments.push({ filename, contentType, content });
      } else if (message.attempts >= maxAttempts) {
        log.error(
          { mailId: message.id, documentId: source.documentId, reason: problem },
          'mail: sending without an attachment that could not be drawn',
        );
      } else {
        throw new Error(`could not draw ${filename}: ${problem}`);
      }
    }
    return { ...message, attachments };
  }

  async function drainOnce(): Promise<number> {
    await recordDeliveries();
    const claimed = await mail.claimDue(new Date(), LEASE_MS, BATCH);
    for (const message of claimed) {
      try {
        await transport.send(await deliverable(message));
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
        continue;
      }
      delivered.set(message.id, new Date());
      // The database gone does not stop the batch this worker has claimed: it is delivered, and
      // recorded once the database is back (the next drain starts with that).
      await recordDeliveries().catch((error: unknown) =>
        log.warn({ err: error, mailId: message.id }, 'mail: sent, not yet recorded as sent'),
      );
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
      const wasStarted = !stopped;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      // One last batch: mail queued by the requests a graceful shutdown let finish leaves now rather
      // than at the next start (bounded: a single claim of up to BATCH messages).
      if (wasStarted) await run();
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
