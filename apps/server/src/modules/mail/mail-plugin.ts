import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDevMailboxTransport, createSmtpTransport } from './mail-transport';
import { documentPdfById } from '../receipts/receipts-service';
import { createMailWorker, type MailWorker } from './mail-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: `wake()` after committing a transaction that queued mail. */
    mailer: MailWorker & { devMailbox: boolean };
  }
}

/** Starts the outbox worker with the app and stops it (waiting for an in-flight send) on close. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { env } = app;
  const transport = env.SMTP_URL
    ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM)
    : createDevMailboxTransport();
  const worker = createMailWorker({
    db: app.database.db,
    transport,
    log: app.log.child({ module: 'mail' }),
    pollMs: env.MAIL_POLL_MS,
    baseBackoffMs: env.MAIL_RETRY_BASE_MS,
    renderDocument: (id) => documentPdfById(app.database.db, id),
  });
  app.decorate('mailer', { ...worker, devMailbox: transport.kind === 'dev-mailbox' });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
});
