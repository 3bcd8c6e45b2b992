import type { FastifyInstance } from 'fastify';
import type { StoredAttachment } from '../src/db/schema';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Messages the dev mailbox holds for an address, newest first (delivers anything due first). */
export async function mailFor(app: FastifyInstance, to: string): Promise<MailboxMessage[]> {
  const response = await app.inject({
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  });
  if (response.statusCode !== 200) throw new Error(`mailbox answered ${response.statusCode}`);
  return response.json<{ data: MailboxMessage[] }>().data;
}

/** The six-digit code in the newest message to an address. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [latest] = await mailFor(app, to);
  const code = /Your code: (\d{6})/.exec(latest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${to}`);
  return code;
}

/** The text of an attachment an outbox row carries inline (an .ics invitation). */
export function attachmentText(attachment: StoredAttachment | undefined): string {
  if (!attachment || !('contentBase64' in attachment)) {
    throw new Error('expected an attachment with its content inline');
  }
  return Buffer.from(attachment.contentBase64, 'base64').toString();
}
