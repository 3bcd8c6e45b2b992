import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string;
  subject: string;
  receivedAt: number;
}

/**
 * A real SMTP server on loopback that records every message it accepted (after the final "250" of
 * DATA), parsed with postal-mime. It can be stopped and started again on the same port, to play a
 * mail server that goes down and comes back.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  async function listen() {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1_000,
      // Many server processes may connect at once.
      maxClients: 1000,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then((email) => {
            received.push({
              messageId: email.messageId ?? '',
              to: (email.to ?? []).map((address) => address.address ?? '').join(','),
              subject: email.subject ?? '',
              receivedAt: Date.now(),
            });
            callback();
          }, callback);
        });
      },
    });
    // A client that vanishes mid-conversation (a killed server process) is not our failure.
    instance.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  }

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    /** Stops accepting: new connections are refused, as when a mail server is down. */
    async stop() {
      const instance = server;
      server = null;
      if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
    },
    /** Listens again on the same port. */
    start: listen,
    /** How many times each Message-ID arrived. */
    countsByMessageId(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const mail of received)
        counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
