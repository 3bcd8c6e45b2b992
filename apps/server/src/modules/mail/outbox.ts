import type { Database } from '../../db/client';
import { createMailRepository } from './mail-repository';

/**
 * A file sent with a message: its content, or a receipt or refund note by its id, which the worker
 * draws as it sends (the same PDF `GET /api/receipts/{id}.pdf` gives).
 */
export type MailAttachment = InlineAttachment | DocumentAttachment;
export interface InlineAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}
export interface DocumentAttachment {
  filename: string;
  contentType: string;
  documentId: string;
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
  const [queued] = await enqueueMails(db, [mail]);
  return queued!;
}

/** Queues several messages in one statement (a confirmation to each party). */
export async function enqueueMails(db: Database, mails: OutgoingMail[]): Promise<{ id: string }[]> {
  return createMailRepository(db).insert(mails.map(toRow));
}

function toRow(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map(({ filename, contentType, ...source }) =>
      'documentId' in source
        ? { filename, contentType, documentId: source.documentId }
        : { filename, contentType, contentBase64: Buffer.from(source.content).toString('base64') },
    ),
    sendAfter: mail.sendAfter ?? new Date(),
  };
}
