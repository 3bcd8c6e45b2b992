import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentDocuments } from '../../db/schema';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { startSmtpSink } from '../../../test/smtp-sink';
import { useTestApp } from '../../../test/test-app';

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe('the receipt in the confirmation email', () => {
  const context = useTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Sukoon <hello@sukoon.test>' });
  const db = () => context.database.db;

  it('is queued by its id and drawn as the mail is sent: the very PDF the download gives', async () => {
    const psychologist = await signedInAs(db(), 'psychologist');
    const patient = await signedInAs(db(), 'patient');
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(3, 10 * 60),
    );
    const [receipt] = await db()
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.bookingId, bookingId));

    // The outbox row names the receipt; no PDF was drawn in the settling transaction.
    const [queued] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, patient.user.email), like(mailOutbox.subject, 'Booking confirmed%')),
      )
      .orderBy(asc(mailOutbox.createdAt));
    const pdfs = queued!.attachments.filter((file) => file.contentType === 'application/pdf');
    expect(pdfs).toEqual([
      {
        filename: `receipt-${receipt!.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
        documentId: receipt!.id,
      },
    ]);

    await context.app.mailer.drain();
    await sink.waitFor(1);
    const delivered = sink.received.find(
      (mail) =>
        mail.to?.[0]?.address === patient.user.email &&
        mail.subject?.startsWith('Booking confirmed'),
    );
    const attached = delivered?.attachments.find((file) => file.mimeType === 'application/pdf');
    expect(attached?.filename).toBe(pdfs[0]!.filename);
    const download = await context.app.inject({
      url: `/api/receipts/${receipt!.id}.pdf`,
      headers: patient.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(attached!.content as ArrayBuffer).equals(download.rawPayload)).toBe(true);
  });
});
