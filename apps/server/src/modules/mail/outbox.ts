import type { Database } from '../../db/client';
import { createMailRepository } from './mail-repository';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Deliver no earlier than this (reminders); now when absent. */
  sendAfter?: Date;
}

/**
 * Queues a message for the outbox worker. Pass the caller's transaction so the mail exists exactly when
 * the change it announces commits (a booking and its confirmation, a code and its email).
 */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<{ id: string }> {
  return createMailRepository(db).insert({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: Buffer.from(attachment.content).toString('base64'),
    })),
    sendAfter: mail.sendAfter ?? new Date(),
  });
}
