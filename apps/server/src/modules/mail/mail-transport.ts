import nodemailer from 'nodemailer';
import type { OutboxMail } from './mail-repository';

/** Where the worker hands a message: a real SMTP server, or the dev mailbox (the outbox row itself). */
export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.contentBase64, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/** Development without SMTP: a "sent" outbox row is the delivered message that /dev/mailbox shows. */
export function createDevMailboxTransport(): MailTransport {
  return { kind: 'dev-mailbox', send: async () => {}, close: () => {} };
}
