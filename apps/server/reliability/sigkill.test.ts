import http from 'node:http';
import { afterAll, afterEach, expect, it } from 'vitest';
import {
  count,
  createDatabase,
  rows,
  seedUsers,
  type SeededUser,
  type TestDatabase,
} from './harness/database';
import { HttpFailure, type HttpAnswer } from './harness/http';
import {
  killAllServers,
  report,
  startServer,
  waitFor,
  type ServerProcess,
} from './harness/processes';
import { startSmtpReceiver, type SmtpReceiver } from './harness/smtp-receiver';
import {
  createOrder,
  errorCode,
  holdBody,
  invariants,
  outboxMessageIds,
  redeliverLostWebhooks,
  releaseHold,
  sandboxPay,
  slotStarts,
  sound,
  verifyPayment,
  type WebhookDelivery,
} from './harness/sukoon';

/**
 * SIGKILL in the middle of payments, twice: patients book concurrently (hold, sandbox payment with its
 * webhooks in every delivery order, verification), some release their hold and pay anyway or pay a
 * tampered amount (both must be refunded), and the server is killed at a random moment with requests
 * in flight, then restarted on the same database. Afterwards the patients finish what they can, the
 * gateway redelivers the webhooks the dead process lost, and the invariants are checked with SQL.
 */

const PSYCHOLOGISTS = 6;
const PATIENTS = 24;
const JOURNEYS = 150;
const CONCURRENCY = 12;
const KILLS = 2;

type Variant = 'book' | 'release-then-pay' | 'tampered';
type Step = 'hold' | 'release' | 'pay' | 'verify';

interface Journey {
  index: number;
  patient: SeededUser;
  psychologistId: string;
  start: Date;
  variant: Variant;
  webhook: WebhookDelivery;
  order?: { order_id: string; booking_id: string; amount: number };
  released?: boolean;
  payResponse?: Record<string, string>;
  verify?: { status: number; code?: string };
  /** The step whose answer was lost when the server died. */
  lost?: Step;
  /** The patient gave up (the answer of a hold or a payment was lost): the system must clean up. */
  abandoned?: Step;
}

const WEBHOOKS: WebhookDelivery[] = ['normal', 'immediate', 'duplicate', 'reversed', 'none'];

let db: TestDatabase | undefined;
let smtp: SmtpReceiver | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await smtp?.stop();
  await db?.drop();
});

/** Runs one step; a missing answer means the server died under it. */
async function step(journey: Journey, name: Step, call: () => Promise<HttpAnswer>) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpFailure) {
      journey.lost = name;
      return null;
    }
    throw error;
  }
}

function expectStatus(answer: HttpAnswer, status: number, what: string) {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
}

/** Drives a journey from wherever it stands; returns false when the server stopped answering. */
async function drive(url: string, journey: Journey, agent: http.Agent): Promise<boolean> {
  const { token } = journey.patient;
  if (!journey.order) {
    const held = await step(journey, 'hold', () =>
      createOrder(url, token, holdBody(journey.psychologistId, journey.start), { agent }),
    );
    if (!held) return false;
    expectStatus(held, 200, `hold ${journey.index}`);
    journey.order = (held.body as { data: Journey['order'] }).data;
  }
  const order = journey.order!;
  if (journey.variant === 'release-then-pay' && !journey.released) {
    const released = await step(journey, 'release', () =>
      releaseHold(url, token, order.booking_id, { agent }),
    );
    if (!released) return false;
    expectStatus(released, 200, `release ${journey.index}`);
    journey.released = true;
  }
  if (!journey.payResponse) {
    const paid = await step(journey, 'pay', () =>
      sandboxPay(
        url,
        token,
        order.order_id,
        {
          webhook: journey.webhook,
          ...(journey.variant === 'tampered' ? { amount: order.amount - 100 } : {}),
        },
        { agent },
      ),
    );
    if (!paid) return false;
    expectStatus(paid, 200, `pay ${journey.index}`);
    journey.payResponse = (
      paid.body as { data: { response: Record<string, string> } }
    ).data.response;
  }
  if (!journey.verify) {
    const verified = await step(journey, 'verify', () =>
      verifyPayment(url, token, journey.payResponse!, { agent }),
    );
    if (!verified) return false;
    journey.verify = {
      status: verified.status,
      ...(errorCode(verified) ? { code: errorCode(verified) } : {}),
    };
  }
  return true;
}

/** CONCURRENCY loops take journeys from the queue; `killAt` completed journeys, the server is killed. */
async function drivePhase(
  server: ServerProcess,
  journeys: Journey[],
  killAt: number | null,
): Promise<{ killedWithInFlight: number; completed: number; killedAt: number | null }> {
  const agent = new http.Agent({ keepAlive: true });
  const queue = [...journeys];
  let completed = 0;
  let inFlight = 0;
  let killedWithInFlight = 0;
  let killedAt: number | null = null;
  const loop = async () => {
    for (let journey = queue.shift(); journey; journey = queue.shift()) {
      inFlight += 1;
      const finished = await drive(server.url, journey, agent);
      inFlight -= 1;
      if (!finished) return;
      completed += 1;
      if (killAt !== null && completed === killAt && killedAt === null) {
        killedWithInFlight = inFlight;
        killedAt = Date.now();
        server.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  agent.destroy();
  return { killedWithInFlight, completed, killedAt };
}

it('SIGKILL mid-payment, twice: every payment ends booked or refunded, every email sent once', async () => {
  db = await createDatabase();
  smtp = await startSmtpReceiver();
  const env = { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '500' };
  let server = await startServer({ name: 'before-kill-1', databaseUrl: db.url, env });

  const psychologists = await seedUsers(db.pool, 'psychologist', PSYCHOLOGISTS);
  const patients = await seedUsers(db.pool, 'patient', PATIENTS);
  const starts = slotStarts(2, 10);
  const journeys: Journey[] = Array.from({ length: JOURNEYS }, (_, index) => {
    const roll = index % 10;
    return {
      index,
      patient: patients[index % PATIENTS]!,
      psychologistId: psychologists[index % PSYCHOLOGISTS]!.id,
      start: starts[Math.floor(index / PSYCHOLOGISTS)]!,
      variant: roll === 3 ? 'release-then-pay' : roll === 7 ? 'tampered' : 'book',
      webhook: WEBHOOKS[index % WEBHOOKS.length]!,
    };
  });

  const kills: Array<{
    atCompleted: number;
    inFlight: number;
    at: number;
    lost: Record<string, number>;
  }> = [];
  let remaining = journeys;
  for (let round = 1; round <= KILLS; round += 1) {
    // A random moment: after 10 to 40 more journeys have finished, with the others mid-request.
    const killAt = 10 + Math.floor(Math.random() * 31);
    const phase = await drivePhase(server, remaining, killAt);
    const exit = await server.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(phase.killedWithInFlight).toBeGreaterThan(0);
    const lost: Record<string, number> = {};
    for (const journey of journeys) {
      if (!journey.lost) continue;
      lost[journey.lost] = (lost[journey.lost] ?? 0) + 1;
      // A lost hold or payment answer leaves the patient without ids: they give up. Any other
      // step is retried, as the browser does.
      if (journey.lost === 'hold' || journey.lost === 'pay') journey.abandoned = journey.lost;
      delete journey.lost;
    }
    kills.push({
      atCompleted: killAt,
      inFlight: phase.killedWithInFlight,
      at: phase.killedAt!,
      lost,
    });
    server = await startServer({
      name: `after-kill-${round}`,
      databaseUrl: db.url,
      port: server.port,
      env,
    });
    remaining = journeys.filter((journey) => !journey.abandoned && !journey.verify);
  }
  // Let it finish: the rest of the journeys, with nothing killed.
  await drivePhase(server, remaining, null);
  expect(journeys.filter((journey) => journey.lost)).toEqual([]);

  // The gateway redelivers the webhooks of charges the app never heard about.
  const redelivered = await redeliverLostWebhooks(db.pool, server.url);
  // Abandoned checkouts: their holds run out (ten minutes, passed here in SQL) and the sweeper frees them.
  await db.pool.query(
    `update bookings set hold_expires_at = now() - interval '1 second' where status = 'held'`,
  );
  const settleStarted = Date.now();
  const settled = await waitFor(
    'refunds sent, mail sent, holds swept',
    async () => {
      const found = await invariants(db!.pool);
      return Object.values(found.eventual).every((list) => list.length === 0) ? found : undefined;
    },
    { timeoutMs: 180_000, intervalMs: 500 },
  );
  const settleMs = Date.now() - settleStarted;
  expect(settled).toMatchObject({
    capturedWithoutBooking: [],
    rejectedWithoutRefund: [],
    capturedAndRefunded: [],
    bookedWithoutPayment: [],
    bookingWithoutOrder: [],
    overlapping: [],
  });
  expect(sound(settled)).toBe(true);

  // What each patient was told matches what happened to their booking.
  const statusOf = new Map(
    (
      await rows<{ id: string; status: string; payment_status: string }>(
        db.pool,
        `select id::text, status, payment_status from bookings`,
      )
    ).map((row) => [row.id, row]),
  );
  for (const journey of journeys.filter((j) => j.verify)) {
    const booking = statusOf.get(journey.order!.booking_id)!;
    if (journey.variant === 'book') {
      expect([journey.index, journey.verify]).toEqual([journey.index, { status: 200 }]);
      expect([journey.index, booking.status]).toEqual([journey.index, 'booked']);
    } else if (journey.variant === 'release-then-pay') {
      expect([journey.index, journey.verify]).toEqual([
        journey.index,
        { status: 409, code: 'PAYMENT_REFUNDED' },
      ]);
      expect([journey.index, booking.status, booking.payment_status]).toEqual([
        journey.index,
        'canceled',
        'refunded',
      ]);
    } else {
      expect([journey.index, journey.verify]).toEqual([
        journey.index,
        { status: 422, code: 'PAYMENT_AMOUNT_MISMATCH' },
      ]);
    }
  }

  // Every queued email reached the SMTP receiver; a repeat is only possible for a message the killed
  // process had handed to the mail server but not yet marked sent (one at a time per process).
  const expected = await outboxMessageIds(db.pool);
  const received = smtp.countsByMessageId();
  const missing = [...expected.values()].filter((id) => !received.has(id));
  const unexpected = [...received.keys()].filter((id) => ![...expected.values()].includes(id));
  const repeated = [...received.entries()].filter(([, times]) => times > 1);
  expect(missing).toEqual([]);
  expect(unexpected).toEqual([]);
  expect(repeated.length).toBeLessThanOrEqual(KILLS);
  for (const [messageId, times] of repeated) {
    expect(times).toBe(2);
    const firstAt = smtp.received.find((mail) => mail.messageId === messageId)!.receivedAt;
    // The first copy was accepted shortly before one of the kills.
    expect(kills.some((kill) => firstAt <= kill.at && kill.at - firstAt < 5_000)).toBe(true);
  }
  const booked = await count(db.pool, `select count(*) as n from bookings where status = 'booked'`);
  expect(expected.size).toBe(2 * booked);

  const refunds = await count(db.pool, `select count(*) as n from refunds`);
  const byVariant = (variant: Variant) =>
    journeys.filter((j) => j.variant === variant && j.verify).length;
  report('sigkill', {
    journeys: JOURNEYS,
    kills: kills.map(({ atCompleted, inFlight, lost }) => ({ atCompleted, inFlight, lost })),
    abandonedAfterLostAnswer: journeys.filter((j) => j.abandoned).length,
    webhooksRedelivered: redelivered,
    // Until refunds, mail and expired holds were all done: what a dead process had claimed waits for
    // its lease to lapse (mail 60 s, refunds 2 min); the hold sweeper runs every 30 s.
    settleMs,
    refundsRetriedAfterLease: await count(
      db.pool,
      `select count(*) as n from refunds where attempts > 1`,
    ),
    mailRetriedAfterLease: await count(
      db.pool,
      `select count(*) as n from mail_outbox where attempts > 1`,
    ),
    booked,
    refunds,
    verified: {
      booked: byVariant('book'),
      refusedAndRefunded: byVariant('release-then-pay'),
      tamperedAndRefunded: byVariant('tampered'),
    },
    emails: {
      queued: expected.size,
      received: smtp.received.length,
      repeatedAfterKill: repeated.length,
    },
  });
});
