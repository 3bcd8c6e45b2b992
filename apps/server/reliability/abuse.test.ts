import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '@sukoon/shared';
import { count, createDatabase, rows, seedUsers, type TestDatabase } from './harness/database';
import { attempt, HttpFailure, ok, request, round } from './harness/http';
import { killAllServers, report, startServer, waitFor } from './harness/processes';
import {
  createOrder,
  errorCode,
  holdBody,
  invariants,
  istSlot,
  sandboxPay,
  sound,
  verifyPayment,
} from './harness/sukoon';

const databases: TestDatabase[] = [];
/** Wrong calendar-feed links one address tries. */
const GUESSES = 1_500;
afterEach(killAllServers);
afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** Every 45-minute start of a week (9:00 to 20:15 IST on the half hour), 23 a day from tomorrow on. */
function weekOf45MinuteStarts(): Date[] {
  const starts: Date[] = [];
  for (let day = 1; day <= 7; day += 1) {
    for (let minute = 9 * 60; minute + 45 <= 21 * 60; minute += 30) {
      starts.push(istSlot(day, minute));
    }
  }
  return starts;
}

/** What came back, as "status CODE" (or the connection failure), counted. */
function tally(answers: Array<Awaited<ReturnType<typeof attempt>>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key =
      answer instanceof HttpFailure
        ? answer.code
        : `${answer.status}${answer.status === 200 ? '' : ` ${errorCode(answer)}`}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('abuse by a signed-in patient, across two server processes with rate limits on', () => {
  it('calendar squatting: 112 parallel holds for a whole week leave the week bookable', async () => {
    const db = await createDatabase();
    databases.push(db);
    const env = { RATE_LIMITS: 'on' };
    const a = await startServer({ name: 'A', databaseUrl: db.url, env });
    const b = await startServer({ name: 'B', databaseUrl: db.url, env });
    const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
    const [attacker, ...patients] = await seedUsers(db.pool, 'patient', 11);
    const psychologistId = psychologist!.id;

    // The attacker asks for every 45-minute slot of the week at once, from one address, alternating
    // between the two processes, while another connection samples their live holds.
    const starts = weekOf45MinuteStarts().slice(0, 112);
    let sampling = true;
    let maxLiveHolds = 0;
    const sampler = (async () => {
      while (sampling) {
        const live = await count(
          db.pool,
          `select count(*) as n from bookings where patient_id = $1 and status = 'held'`,
          [attacker!.id],
        );
        maxLiveHolds = Math.max(maxLiveHolds, live);
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      starts.map((start, index) =>
        attempt([a.url, b.url][index % 2]!, 'POST', '/api/payments/create-order', {
          token: attacker!.token,
          body: holdBody(psychologistId, start, 45),
          localAddress: '127.0.0.2',
          timeoutMs: 60_000,
        }),
      ),
    );
    const floodMs = performance.now() - started;
    sampling = false;
    await sampler;

    const outcome = tally(answers);
    // Nothing broke: every answer is a hold or a refusal a person can read, never a 5xx.
    for (const key of Object.keys(outcome)) expect(key).toMatch(/^(200|409 [A-Z_]+|429 [A-Z_]+)$/);
    const liveHoldsAfter = await count(
      db.pool,
      `select count(*) as n from bookings where patient_id = $1 and status = 'held'`,
      [attacker!.id],
    );
    expect(maxLiveHolds).toBeLessThanOrEqual(1);
    expect(liveHoldsAfter).toBeLessThanOrEqual(1);

    // Ten other patients, each from their own address, hold, pay for and book a slot of that week
    // (any slot but the one the attacker may still hold), half through each process.
    const attackerHold = await count(
      db.pool,
      `select coalesce(extract(epoch from min(starts_at)), 0)::bigint as n from bookings
       where patient_id = $1 and status = 'held'`,
      [attacker!.id],
    );
    const free = starts.filter(
      (start, index) =>
        index % 2 === 0 && Math.abs(start.getTime() / 1000 - attackerHold) >= 45 * 60,
    );
    const booked = await Promise.all(
      patients.map(async (patient, index) => {
        const url = [a.url, b.url][index % 2]!;
        const localAddress = `127.0.0.${10 + index}`;
        const hold = await createOrder(
          url,
          patient.token,
          holdBody(psychologistId, free[index]!, 45),
          {
            localAddress,
          },
        );
        const order = await ok<{ order_id: string }>(hold);
        const paid = await ok<{ response: Record<string, string> }>(
          sandboxPay(url, patient.token, order.order_id),
        );
        return ok(verifyPayment(url, patient.token, paid.response));
      }),
    );
    expect(booked).toHaveLength(10);
    expect(
      await count(
        db.pool,
        `select count(*) as n from bookings where psychologist_id = $1 and status = 'booked'`,
        [psychologistId],
      ),
    ).toBe(10);
    const found = await invariants(db.pool);
    expect(sound(found)).toBe(true);

    report('abuse-calendar-squatting', {
      attempts: starts.length,
      floodMs: round(floodMs),
      answers: outcome,
      attackerMaxLiveHolds: maxLiveHolds,
      attackerLiveHoldsAfter: liveHoldsAfter,
      otherPatientsBooked: booked.length,
    });
  });

  it('feed-link guessing: 1,500 wrong links from one address write one row and are refused', async () => {
    const db = await createDatabase();
    databases.push(db);
    const env = { RATE_LIMITS: 'on' };
    const servers = [
      await startServer({ name: 'A', databaseUrl: db.url, env }),
      await startServer({ name: 'B', databaseUrl: db.url, env }),
    ];
    const [owner] = await seedUsers(db.pool, 'patient', 1);
    const { url } = await ok<{ url: string }>(
      request(servers[0]!.url, 'POST', '/api/calendar-feeds/me', { token: owner!.token }),
    );
    const rowsBefore = await count(db.pool, `select count(*) as n from rate_limit_hits`);

    // Guesses go out 50 at a time from one address, alternating between the two processes.
    const started = performance.now();
    const answers: Array<Awaited<ReturnType<typeof attempt>>> = [];
    for (let batch = 0; batch < GUESSES / 50; batch += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            attempt(
              servers[index % 2]!.url,
              'GET',
              `/api/calendar-feeds/${randomBytes(32).toString('base64url')}.ics`,
              { localAddress: '127.0.0.2', timeoutMs: 60_000 },
            ),
          ),
        )),
      );
    }
    const floodMs = performance.now() - started;
    const outcome = tally(answers);
    const rowsAdded =
      (await count(db.pool, `select count(*) as n from rate_limit_hits`)) - rowsBefore;
    // The owner's calendar service, at another address, is not refused.
    const real = await attempt(servers[1]!.url, 'GET', new URL(url).pathname, {
      localAddress: '127.0.0.3',
    });

    // Exactly the limit's worth are looked up and answered 404; every other guess is refused.
    expect(outcome).toEqual({
      '404 CALENDAR_FEED_NOT_FOUND': CALENDAR_FEED.missesPerWindow,
      '429 RATE_LIMITED': GUESSES - CALENDAR_FEED.missesPerWindow,
    });
    expect(rowsAdded).toBe(1);
    expect(real instanceof HttpFailure ? real.code : real.status).toBe(200);

    report('abuse-feed-link-guessing', {
      guesses: GUESSES,
      floodMs: round(floodMs),
      answers: outcome,
      rateLimitRowsAdded: rowsAdded,
    });
  });

  it('reconciliation: a lost-webhook payment is settled within minutes behind 20,000 abandoned orders', async () => {
    const db = await createDatabase();
    databases.push(db);
    const a = await startServer({ name: 'A', databaseUrl: db.url });
    const b = await startServer({ name: 'B', databaseUrl: db.url });
    const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
    const [attacker, patient] = await seedUsers(db.pool, 'patient', 2);

    // What 20,000 hold-and-release cycles leave behind: orders the provider knows no payment of, all
    // long past their expiry and older than the real one (setup in SQL: the flood is not under test).
    await db.pool.query(
      `insert into payment_orders
         (provider, provider_order_id, purpose, reference_id, payer_id, amount_paise, receipt,
          expires_at, created_at, updated_at)
       select 'sandbox', 'order_abandoned_' || n, 'booking', gen_random_uuid()::text, $1, 90000,
              'abandoned_' || n, now() - interval '1 hour', now() - interval '70 minutes',
              now() - interval '70 minutes'
       from generate_series(1, 20000) as n`,
      [attacker!.id],
    );

    // The real one: a patient pays, then the browser closes and the webhook is lost; by the time the
    // sweep looks, the order has expired (moved into the past here rather than waited for).
    const hold = await ok<{ order_id: string; booking_id: string }>(
      createOrder(a.url, patient!.token, holdBody(psychologist!.id, istSlot(2, 11 * 60), 45)),
    );
    await ok(sandboxPay(a.url, patient!.token, hold.order_id, { webhook: 'none' }));
    await db.pool.query(
      `update payment_orders set expires_at = now() - interval '3 minutes'
       where provider_order_id = $1`,
      [hold.order_id],
    );

    const started = performance.now();
    const outcome = await waitFor(
      'the lost payment to be settled by reconciliation',
      async () => {
        const [row] = await rows<{
          booking: string;
          refunds: string;
          confirmed_via: string | null;
        }>(
          db.pool,
          `select b.status as booking,
                  (select count(*) from refunds r join payments p on p.id = r.payment_id
                   where p.order_id = o.id)::text as refunds,
                  (select confirmed_via from payments p where p.order_id = o.id limit 1) as confirmed_via
           from payment_orders o join bookings b on b.id::text = o.reference_id
           where o.provider_order_id = $1`,
          [hold.order_id],
        );
        return row?.confirmed_via ? row : undefined;
      },
      { timeoutMs: 5 * 60_000, intervalMs: 1_000 },
    );
    const settledAfterMs = performance.now() - started;
    expect(outcome.confirmed_via).toBe('reconciliation');
    // Settled either way: booked, or refused (its hold had expired) and refunded in full.
    expect(outcome.booking === 'booked' || outcome.refunds === '1').toBe(true);
    const stillDue = await count(
      db.pool,
      `select count(*) as n from payment_orders where status = 'created' and reconciled_at is null
       and expires_at < now() - interval '2 minutes'`,
    );
    const found = await invariants(db.pool);
    expect(sound(found)).toBe(true);
    expect(b.hasExited()).toBe(false);

    report('abuse-reconciliation-behind-abandoned-orders', {
      abandonedOrders: 20_000,
      settledAfterSeconds: round(settledAfterMs / 1000),
      outcome: outcome.booking === 'booked' ? 'booked' : 'refunded',
      ordersStillDueAfter: stillDue,
    });
  });
});
