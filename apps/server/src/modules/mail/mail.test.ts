import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase } from '../../../test/test-database';
import { startSmtpSink } from '../../../test/smtp-sink';
import { useTestApp } from '../../../test/test-app';
import type { DatabaseHandle } from '../../db/client';
import { documentPdfById } from '../receipts/receipts-service';
import { createMailRepository } from './mail-repository';
import { createSmtpTransport } from './mail-transport';
import { backoffMs, createMailWorker } from './mail-worker';
import { enqueueMail } from './outbox';

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe('mail through a real SMTP server', () => {
  const context = useTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Sukoon <hello@sukoon.test>' });

  it('delivers the registration code with text and HTML parts; the code verifies the email', async () => {
    const email = `smtp.${Date.now()}@example.test`;
    const before = sink.received.length;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: `smtp_${Date.now() % 100_000}`,
        email,
        password: 'kettle-monsoon-42',
        role: 'patient',
      },
    });
    expect(response.statusCode).toBe(201);
    const mail = (await sink.waitFor(before + 1)).at(-1)!;
    expect(mail.from?.address).toBe('hello@sukoon.test');
    expect(mail.to?.[0]?.address).toBe(email);
    expect(mail.subject).toMatch(/^\d{6} is your Sukoon verification code$/);
    expect(mail.html).toContain('Verify your email');
    const code = /Your code: (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);

    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { email, otp_code: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('has no dev mailbox when SMTP is configured', async () => {
    expect((await context.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
  });
});

describe('the outbox worker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const log = pino({ level: 'silent' });

  it('retries a refused message with backoff, then delivers it with its attachment', async () => {
    const worker = createMailWorker({
      db: database.db,
      transport: createSmtpTransport(sink.url, 'Sukoon <hello@sukoon.test>'),
      log,
      baseBackoffMs: 200,
    });
    const before = sink.received.length;
    sink.failNext(1);
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const { id } = await database.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'retry@example.test',
        subject: 'Booking confirmed',
        text: 'See you then.',
        html: '<p>See you then.</p>',
        attachments: [{ filename: 'session.ics', contentType: 'text/calendar', content: ics }],
      }),
    );
    const mail = createMailRepository(database.db);

    await worker.drain();
    const retried = await mail.findById(id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried?.lastError).toMatch(/busy/);
    expect(retried!.sendAfter.getTime()).toBeGreaterThan(Date.now());

    await worker.drain(); // not due yet: nothing is sent
    expect((await mail.findById(id))?.attempts).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 250));
    await worker.drain();
    expect(await mail.findById(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const delivered = (await sink.waitFor(before + 1)).at(-1)!;
    expect(delivered.attachments[0]).toMatchObject({
      filename: 'session.ics',
      mimeType: 'text/calendar',
    });
    await worker.stop();
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    const worker = createMailWorker({
      db: database.db,
      transport: createSmtpTransport(sink.url, 'Sukoon <hello@sukoon.test>'),
      log,
      baseBackoffMs: 1,
      maxAttempts: 2,
    });
    sink.failNext(2);
    const { id } = await enqueueMail(database.db, {
      to: 'doomed@example.test',
      subject: 'x',
      text: 'x',
      html: '<p>x</p>',
    });
    await worker.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.drain();
    expect(await createMailRepository(database.db).findById(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
    });
    await worker.stop();
  });

  it('retries a message whose receipt cannot be drawn; the last attempt sends it without it', async () => {
    const worker = createMailWorker({
      db: database.db,
      transport: createSmtpTransport(sink.url, 'Sukoon <hello@sukoon.test>'),
      log,
      baseBackoffMs: 0,
      maxAttempts: 2,
      renderDocument: (id) => documentPdfById(database.db, id),
    });
    const before = sink.received.length;
    const { id } = await enqueueMail(database.db, {
      to: 'receipt@example.test',
      subject: 'Booking confirmed',
      text: 'Your receipt is attached.',
      html: '<p>Your receipt is attached.</p>',
      attachments: [
        { filename: 'session.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
        // No such document: as if it could not be read or drawn.
        {
          filename: 'receipt-SK-X-2026-27-000001.pdf',
          contentType: 'application/pdf',
          documentId: '00000000-0000-4000-8000-000000000000',
        },
      ],
    });
    const mail = createMailRepository(database.db);

    await worker.drain();
    const retried = await mail.findById(id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried?.lastError).toContain('could not draw receipt-SK-X-2026-27-000001.pdf');
    expect(sink.received.length).toBe(before);

    await worker.drain();
    expect(await mail.findById(id)).toMatchObject({ status: 'sent', attempts: 2 });
    const delivered = (await sink.waitFor(before + 1)).at(-1)!;
    expect(delivered.attachments.map((file) => file.filename)).toEqual(['session.ics']);
    await worker.stop();
  });

  it('holds a message queued for later until it is due', async () => {
    const worker = createMailWorker({
      db: database.db,
      transport: createSmtpTransport(sink.url, 'a@b.test'),
      log,
    });
    const { id } = await enqueueMail(database.db, {
      to: 'later@example.test',
      subject: 'Reminder',
      text: 'Tomorrow',
      html: '<p>Tomorrow</p>',
      sendAfter: new Date(Date.now() + 60 * 60 * 1000),
    });
    await worker.drain();
    expect(await createMailRepository(database.db).findById(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    await worker.stop();
  });

  it('doubles the wait after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(30, 30_000)).toBe(60 * 60 * 1000);
  });
});
