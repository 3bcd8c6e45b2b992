import nodemailer from 'nodemailer';
import type { OutboxMail } from './mail-repository';

/** A message as the worker hands it over: every attachment's bytes at hand. */
export type DeliverableMail = Omit<OutboxMail, 'attachments'> & {
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** Where the worker hands a message: a real SMTP server, or the dev mailbox (the outbox row itself). */
export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  send(mail: DeliverableMail): Promise<void>;
  close(): void;
}

/** `<outbox id@sender's domain>`: the same message keeps the same Message-ID however often it is sent. */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'sukoon.local';
  return `<${mailId}@${domain}>`;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        // A crash after the server accepted a message but before it was marked sent makes the worker
        // send it again (at-least-once); the stable id lets mail systems and readers see the repeat.
        messageId: messageIdFor(mail.id, from),
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    },
    close: () => transporter.close(),
  };
}

/** Development without SMTP: a "sent" outbox row is the delivered message that /dev/mailbox shows. */
export function createDevMailboxTransport(): MailTransport {
  return { kind: 'dev-mailbox', send: async () => {}, close: () => {} };
}
