import { afterAll, afterEach, expect, it } from 'vitest';
import { createDatabase, rows, seedUsers, type TestDatabase } from './harness/database';
import { ok } from './harness/http';
import { killAllServers, report, startServer, waitFor } from './harness/processes';
import { startSmtpReceiver, type SmtpReceiver } from './harness/smtp-receiver';
import {
  createOrder,
  holdBody,
  outboxMessageIds,
  sandboxPay,
  slotStarts,
  verifyPayment,
} from './harness/sukoon';

/**
 * The mail server down: bookings still succeed, their confirmations wait in the outbox with their
 * failed attempts recorded, and when the mail server is back every one arrives exactly once.
 */

const BOOKINGS = 5;

let db: TestDatabase | undefined;
let smtp: SmtpReceiver | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await smtp?.stop();
  await db?.drop();
});

interface OutboxRow {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

it('mail server down: emails wait in the outbox with retries recorded, then arrive once each', async () => {
  db = await createDatabase();
  smtp = await startSmtpReceiver();
  const server = await startServer({
    name: 'mail-down',
    databaseUrl: db.url,
    // Retries after 0.5 s, 1 s, 2 s... instead of 30 s, 1 min, 2 min.
    env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '500' },
  });
  const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
  const patients = await seedUsers(db.pool, 'patient', BOOKINGS);
  const starts = slotStarts(2, 1);

  await smtp.stop();
  const downAt = Date.now();
  for (const [index, patient] of patients.entries()) {
    const order = await ok<{ order_id: string }>(
      createOrder(server.url, patient.token, holdBody(psychologist!.id, starts[index]!)),
    );
    const paid = await ok<{ response: Record<string, string> }>(
      sandboxPay(server.url, patient.token, order.order_id),
    );
    await ok(verifyPayment(server.url, patient.token, paid.response));
  }

  // Two confirmations per booking, each tried and failed at least twice, all still pending.
  const waiting = await waitFor(
    'every email to have failed twice',
    async () => {
      const outbox = await rows<OutboxRow>(
        db!.pool,
        `select id::text, status, attempts, last_error from mail_outbox`,
      );
      return outbox.length === 2 * BOOKINGS && outbox.every((row) => row.attempts >= 2)
        ? outbox
        : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  expect(waiting.every((row) => row.status === 'pending')).toBe(true);
  expect(waiting.every((row) => row.last_error?.includes('ECONNREFUSED'))).toBe(true);
  expect(smtp.received).toHaveLength(0);

  await smtp.start();
  const upAt = Date.now();
  const sent = await waitFor(
    'every email to be sent',
    async () => {
      const outbox = await rows<OutboxRow>(
        db!.pool,
        `select id::text, status, attempts, last_error from mail_outbox`,
      );
      return outbox.every((row) => row.status === 'sent') ? outbox : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  const deliveredAt = Date.now();
  const expected = await outboxMessageIds(db.pool);
  const received = smtp.countsByMessageId();
  expect([...expected.values()].map((id) => received.get(id))).toEqual(
    [...expected.values()].map(() => 1),
  );
  expect(smtp.received).toHaveLength(2 * BOOKINGS);

  report('mail-down', {
    bookings: BOOKINGS,
    emails: expected.size,
    mailServerDownMs: upAt - downAt,
    attemptsWhileDown: waiting.map((row) => row.attempts),
    attemptsInAll: sent.map((row) => row.attempts),
    allDeliveredAfterRestartMs: deliveredAt - upAt,
    receivedOnce: [...received.values()].every((times) => times === 1),
  });
});
