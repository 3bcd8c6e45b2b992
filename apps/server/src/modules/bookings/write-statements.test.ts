import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPsychologist } from '../../db/factories';
import { istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

/**
 * How many statements (BEGIN, SAVEPOINT and COMMIT included) a hold and a whole booking send to
 * PostgreSQL, counted by wrapping node-postgres's `Client#query`: issue 19's writes are bound by round
 * trips, so a change that adds one shows here. PostgreSQL only (PGlite runs in-process, with no round
 * trips to count).
 */
describe.skipIf(!process.env.DATABASE_URL)('statements per write', () => {
  const context = useTestApp();

  async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      // The mail worker claims and sends the outbox on its own schedule, beside any request (its
      // statements are the emails' cost, not the request's): left out, so the count is the request's.
      if (!/mail_outbox/.test(text) || text.startsWith('insert into "mail_outbox"')) {
        statements.push(text);
      }
      return original.apply(this, args);
    };
    try {
      return { result: await work(), statements };
    } finally {
      prototype.query = original;
    }
  }

  async function hold(headers: Record<string, string>, psychologistId: string, start: Date) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers,
      payload: {
        psychologist_id: psychologistId,
        start_time: start.toISOString(),
        duration: 45,
        title: 'Feeling low',
        description: 'Hard to get going in the mornings',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { order_id: string } }>().data;
  }

  async function payAndVerify(headers: Record<string, string>, orderId: string) {
    const paid = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers,
      payload: {
        order_id: orderId,
        method: 'upi',
        vpa: 'success@razorpay',
        outcome: 'success',
        webhook: 'none',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers,
      payload: paid.json<{ data: { response: Record<string, string> } }>().data.response,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  it('a hold and a whole booking stay within their round trips', async () => {
    const db = context.database.db;
    const psychologist = await createPsychologist(db, { timeZone: 'Asia/Kolkata' });
    // A Jitsi room per session: the confirmation then also writes the meeting link.
    await db.execute(
      sql`update psychologist_profiles set meeting_link_method = 'jitsi', jitsi_server = 'https://meet.jit.si' where user_id = ${psychologist.id}`,
    );
    const patient = await signedInAs(db, 'patient');
    // Warm: the session, the directory and the calendar caches are filled by a first booking.
    const first = await hold(patient.headers, psychologist.id, istSlot(3, 600));
    await payAndVerify(patient.headers, first.order_id);
    // Let the confirmation's mail go out, so its sender's statements are not counted below.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const holding = await counted(() => hold(patient.headers, psychologist.id, istSlot(3, 720)));
    const paying = await counted(() => payAndVerify(patient.headers, holding.result.order_id));
    const perHold = holding.statements.length;
    const perBooking = perHold + paying.statements.length;
    console.info(
      `statements: a hold ${perHold}, a whole booking ${perBooking}\n` +
        `hold:\n  ${holding.statements.join('\n  ')}\npay and verify:\n  ${paying.statements.join('\n  ')}`,
    );
    expect(perHold).toBeLessThanOrEqual(7);
    expect(perBooking).toBeLessThanOrEqual(32);
  });
});
