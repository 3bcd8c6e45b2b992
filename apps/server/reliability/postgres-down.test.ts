import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import { localDateOf, addIsoDays } from '@sukoon/shared';
import { rows, seedUsers, SEED_PASSWORD } from './harness/database';
import { percentile, request, round } from './harness/http';
import { createPgCluster, type PgCluster } from './harness/pg-cluster';
import { killAllServers, report, startServer, waitFor } from './harness/processes';
import { startSmtpReceiver, type SmtpReceiver } from './harness/smtp-receiver';
import {
  invariants,
  outboxMessageIds,
  releaseHold,
  slotStarts,
  sound,
  verifyPayment,
} from './harness/sukoon';
import { runTraffic, summarize, type TrafficPlan } from './harness/traffic';

/**
 * PostgreSQL stopped for ten seconds under steady mixed traffic, on a throwaway cluster of its own:
 * requests must fail fast with 503 SERVICE_UNAVAILABLE (never a 500, never a hang), /api/health must
 * say 503 and then 200 again without restarting the server, and afterwards nothing may be
 * half-written and every email must still go out exactly once.
 */

const LOOPS = 8;
const OUTAGE_MS = 10_000;
/**
 * A stopped PostgreSQL refuses connections at once (a new one would give up after 3 s, the queue for
 * a busy pool after 15 s); a failure slower than this is not "fast".
 */
const FAIL_FAST_LIMIT_MS = 3_500;
/** Times the server's connections are terminated before the outage. */
const TERMINATIONS = 20;
const TERMINATE_SERVER_CONNECTIONS = `
  select pg_terminate_backend(pid) from pg_stat_activity
  where datname = current_database() and application_name <> 'reliability'`;

let cluster: PgCluster | undefined;
let pool: pg.Pool | undefined;
let smtp: SmtpReceiver | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await pool?.end().catch(() => {});
  await smtp?.stop();
  await cluster?.drop();
});

it('PostgreSQL stopped under load: fast 503s, health 503 then 200, nothing half-written', async () => {
  cluster = await createPgCluster();
  // Named, so that terminating the server's connections spares the test's own.
  pool = new pg.Pool({ connectionString: cluster.url, max: 2, application_name: 'reliability' });
  pool.on('error', () => {});
  smtp = await startSmtpReceiver();
  const server = await startServer({
    name: 'outage',
    databaseUrl: cluster.url,
    env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '500' },
  });

  const psychologists = await seedUsers(pool, 'psychologist', 4);
  const patients = await seedUsers(pool, 'patient', LOOPS);
  const starts = slotStarts(2, 20);
  const today = localDateOf(new Date(), 'Asia/Kolkata');
  const plan: TrafficPlan = {
    url: server.url,
    password: SEED_PASSWORD,
    loops: patients.map((patient, index) => {
      const psychologistId = psychologists[index % psychologists.length]!.id;
      // Two loops share a psychologist: one takes the even slots, the other the odd ones.
      const own = starts.filter((_, slot) => slot % 2 === Math.floor(index / psychologists.length));
      return {
        patient,
        psychologistId,
        holdSlot: own[0]!.toISOString(),
        bookingSlots: own.slice(1).map((start) => start.toISOString()),
      };
    }),
    from: addIsoDays(today, 1),
    to: addIsoDays(today, 7),
    actionsPerSecond: 40,
    durationMs: 120_000,
    mix: {
      availability: 30,
      events: 15,
      psychologists: 10,
      health: 5,
      login: 5,
      hold: 15,
      book: 20,
    },
  };

  let stopTraffic = false;
  const trafficStarted = Date.now();
  const traffic = runTraffic(plan, { stop: () => stopTraffic });
  const since = () => Date.now() - trafficStarted;

  // Steady traffic first.
  await waitFor('3 s of steady traffic', () => since() > 3_000, { timeoutMs: 10_000 });

  // PostgreSQL ends the server's connections under it (an administrator, a failover), again and again:
  // transactions lose their connection between two statements, idle clients in the pool die.
  const terminateAt = since();
  let terminated = 0;
  for (let round = 0; round < TERMINATIONS; round += 1) {
    terminated += (await pool.query(TERMINATE_SERVER_CONNECTIONS)).rowCount ?? 0;
    // Until the server has connected again (a request needed the database).
    await waitFor('the server to reconnect', async () => {
      const { rows: live } = await pool!.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name <> 'reliability'`,
      );
      return live[0]!.n > 0;
    });
  }
  const terminatedUntil = since();
  await waitFor('2 s of steady traffic', () => since() - terminatedUntil > 2_000, {
    timeoutMs: 10_000,
  });
  const stopAt = since();
  await cluster.stop();
  const stoppedAt = since();
  const healthDown = await waitFor('/api/health to say 503', async () => {
    const health = await request(server.url, 'GET', '/api/health', { timeoutMs: 10_000 });
    return health.status === 503 ? health : undefined;
  });
  const healthDownAt = since();
  expect(healthDown.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  await waitFor('the outage to last its time', () => since() - stoppedAt >= OUTAGE_MS, {
    timeoutMs: OUTAGE_MS + 5_000,
  });
  const startAt = since();
  await cluster.start();
  const startedAt = since();
  await waitFor(
    '/api/health to say 200 again',
    async () =>
      (await request(server.url, 'GET', '/api/health', { timeoutMs: 10_000 })).status === 200,
    { timeoutMs: 30_000, intervalMs: 50 },
  );
  const healthyAt = since();
  // Traffic goes on for a while after the recovery, then stops.
  await waitFor('3 s of traffic after recovery', () => since() - healthyAt > 3_000, {
    timeoutMs: 10_000,
  });
  stopTraffic = true;
  const result = await traffic;

  // Requests answered before the stop began, or after health came back, all succeeded; in between
  // every failure was a fast, complete 503 SERVICE_UNAVAILABLE.
  const outcomes = result.outcomes;
  const noAnswer = outcomes.filter((o) => o.status === 0);
  const serverErrors = outcomes.filter((o) => o.status === 500);
  const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(noAnswer.map((o) => `${o.step} ${o.failure}`)).toEqual([]);
  expect(serverErrors.map((o) => `${o.step} 500`)).toEqual([]);
  expect(unexpected.map((o) => `${o.step} ${o.status} ${o.code}`)).toEqual([]);
  expect(unavailable.filter((o) => o.code !== 'SERVICE_UNAVAILABLE')).toEqual([]);
  // A 503 belongs to the terminations or to the outage (a request answered just after may have asked
  // just before).
  const during = (o: { at: number; ms: number }, from: number, to: number) =>
    o.at >= from && o.at - o.ms <= to + 1_000;
  const outOfWindow = unavailable.filter(
    (o) => !during(o, terminateAt, terminatedUntil) && !during(o, stopAt, healthyAt),
  );
  expect(outOfWindow).toEqual([]);
  expect(unavailable.length).toBeGreaterThan(0);
  const failMs = unavailable.map((o) => o.ms);
  expect(percentile(failMs, 99)).toBeLessThan(FAIL_FAST_LIMIT_MS);
  const afterRecovery = outcomes.filter((o) => o.at - o.ms > healthyAt + 1_000);
  expect(afterRecovery.length).toBeGreaterThan(0);
  expect(afterRecovery.every((o) => o.status === 200)).toBe(true);
  const firstBookingAfter = outcomes.find(
    (o) => o.step === 'verify' && o.status === 200 && o.at - o.ms >= startedAt,
  );

  // The patients finish what the outage interrupted: retry a verification, or let go of a hold.
  for (const open of result.openPayments) {
    const verified = await verifyPayment(server.url, open.token, open.response);
    expect(verified.status).toBe(200);
  }
  for (const hold of result.openHolds) {
    expect((await releaseHold(server.url, hold.token, hold.bookingId)).status).toBe(200);
  }
  const settleStarted = Date.now();
  const settled = await waitFor(
    'refunds and mail to be done',
    async () => {
      const found = await invariants(pool!);
      const { chargedButUnrecorded: _webhooks, ...rest } = found.eventual;
      return Object.values(rest).every((list) => list.length === 0) ? found : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  const settleMs = Date.now() - settleStarted;
  expect(sound(settled)).toBe(true);
  // Every payment the gateway took was recorded (verify or webhook), despite the outage.
  expect(settled.eventual.chargedButUnrecorded).toEqual([]);
  const expected = await outboxMessageIds(pool);
  const received = smtp.countsByMessageId();
  expect([...expected.values()].map((id) => received.get(id) ?? 0)).toEqual(
    [...expected.values()].map(() => 1),
  );

  // The same process served throughout: it recovered by itself.
  expect(server.hasExited()).toBe(false);
  const summary = summarize(outcomes);
  report('postgres-down', {
    trafficRequests: summary.requests,
    byStatus: summary.byStatus,
    connectionsTerminated: terminated,
    terminationPhaseMs: terminatedUntil - terminateAt,
    unavailableDuringTerminations: unavailable.filter((o) =>
      during(o, terminateAt, terminatedUntil),
    ).length,
    outageMs: startAt - stopAt,
    unavailable503: unavailable.length,
    server500: serverErrors.length,
    noAnswer: noAnswer.length,
    failFastP50Ms: round(percentile(failMs, 50)),
    failFastP99Ms: round(percentile(failMs, 99)),
    failFastMaxMs: round(Math.max(...failMs)),
    healthSaid503AfterStopMs: healthDownAt - stopAt,
    pgStopTookMs: stoppedAt - stopAt,
    pgStartTookMs: startedAt - startAt,
    healthyAfterStartMs: healthyAt - startedAt,
    firstBookingAfterStartMs: firstBookingAfter ? round(firstBookingAfter.at - startedAt) : null,
    finishedAfterOutage: {
      verifications: result.openPayments.length,
      holdsReleased: result.openHolds.length,
    },
    booked: result.booked,
    // Until the outbox was empty: the confirmations of the last seconds of traffic still queued.
    settleAfterTrafficMs: settleMs,
    mailAttempts: await rows<{ attempts: number; n: string }>(
      pool,
      `select attempts, count(*) as n from mail_outbox group by attempts order by attempts`,
    ),
    emailsSentOnce: expected.size,
  });
});
