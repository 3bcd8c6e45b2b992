import http from 'node:http';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { count, createDatabase, seedUsers, type TestDatabase } from './harness/database';
import { attempt, HttpFailure, ok, type HttpAnswer } from './harness/http';
import {
  childPids,
  isAlive,
  killAllServers,
  report,
  startServer,
  waitFor,
} from './harness/processes';
import { startSmtpReceiver, type SmtpReceiver } from './harness/smtp-receiver';
import {
  createOrder,
  holdBody,
  invariants,
  istSlot,
  outboxMessageIds,
  sandboxPay,
  sound,
  verifyPayment,
} from './harness/sukoon';

/**
 * Graceful shutdown: requests that are inside a database transaction when SIGTERM arrives (held there
 * by a table lock the test takes) must all get their whole answer, the process must refuse new
 * connections meanwhile and exit 0 once they are done, and a shutdown that cannot finish in
 * SHUTDOWN_GRACE_SECONDS must exit 1 with a log line, leaving nothing half-written.
 */

const databases: TestDatabase[] = [];
let smtp: SmtpReceiver | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await smtp?.stop();
  for (const database of databases) await database.drop();
});

/** Locks `bookings` against writes until `release()`: holds and confirmations queue up behind it. */
async function lockBookings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table bookings in exclusive mode');
  return {
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}

/**
 * Requests waiting on the lock: a hold's insert (one statement with its audit entry and its order,
 * `writeTogether`'s `with w0 as (insert into "bookings" ...`; or, when the insert was refused, its
 * freeing of that psychologist's stale holds) and a confirmation (it books the patient's hold). The
 * background sweeps, which may queue up too, are not counted.
 */
const waitingOnLocks = (db: TestDatabase) =>
  count(
    db.pool,
    `select count(*) as n from pg_stat_activity
     where datname = $1 and wait_event_type = 'Lock'
       and (query like 'insert into "bookings"%'
            or query like 'with w0 as (insert into "bookings"%'
            or (query like 'update "bookings"%'
                and (query like '%"psychologist_id" = %' or query like '%"patient_id" = %')))`,
    [db.name],
  );

/** Patients with a paid checkout each (verification still to do), and patients about to hold. */
async function prepare(db: TestDatabase, url: string) {
  const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
  const patients = await seedUsers(db.pool, 'patient', 8);
  const paid: Array<{ token: string; response: Record<string, string> }> = [];
  for (const [index, patient] of patients.slice(0, 4).entries()) {
    const order = await ok<{ order_id: string }>(
      createOrder(url, patient.token, holdBody(psychologist!.id, istSlot(2, 9 * 60 + 30 * index))),
    );
    const charged = await ok<{ response: Record<string, string> }>(
      sandboxPay(url, patient.token, order.order_id),
    );
    paid.push({ token: patient.token, response: charged.response });
  }
  const holding = patients.slice(4).map((patient, index) => ({
    token: patient.token,
    body: holdBody(psychologist!.id, istSlot(2, 15 * 60 + 30 * index)),
  }));
  return { paid, holding };
}

describe.each([
  { label: 'one process', concurrency: 1 },
  { label: 'WEB_CONCURRENCY=2', concurrency: 2 },
])('SIGTERM with requests in flight ($label)', ({ label, concurrency }) => {
  it('answers every accepted request in full, refuses new connections, exits 0', async () => {
    const db = await createDatabase();
    databases.push(db);
    smtp ??= await startSmtpReceiver();
    const server = await startServer({
      name: label,
      databaseUrl: db.url,
      env: { SMTP_URL: smtp.url, WEB_CONCURRENCY: String(concurrency) },
    });
    const workers =
      concurrency > 1
        ? await waitFor('the workers', () => {
            const pids = childPids(server.pid);
            return pids.length === concurrency ? pids : undefined;
          })
        : [];
    const { paid, holding } = await prepare(db, server.url);

    // Kept-alive connections, some idle at the signal: they must not hold the exit up.
    const agent = new http.Agent({ keepAlive: true });
    await Promise.all(
      Array.from({ length: 4 }, () => attempt(server.url, 'GET', '/api/health', { agent })),
    );

    const lock = await lockBookings(db.url);
    const inFlight: Array<Promise<HttpAnswer | HttpFailure>> = [
      ...paid.map(({ token, response }) =>
        attempt(server.url, 'POST', '/api/payments/verify-payment', {
          token,
          body: response,
          agent,
        }),
      ),
      ...holding.map(({ token, body }) =>
        attempt(server.url, 'POST', '/api/payments/create-order', { token, body, agent }),
      ),
    ];
    // All eight are inside their transactions, waiting for the lock.
    await waitFor('8 requests waiting on the lock', async () => (await waitingOnLocks(db)) === 8);

    const signalAt = Date.now();
    server.kill('SIGTERM');
    // Draining: new connections are refused while the process is still alive with work in flight.
    await waitFor('new connections to be refused', async () => {
      const probe = await attempt(server.url, 'GET', '/api/health', { timeoutMs: 2_000 });
      return probe instanceof HttpFailure && probe.code === 'ECONNREFUSED';
    });
    expect(server.hasExited()).toBe(false);
    expect(await waitingOnLocks(db)).toBe(8);
    await lock.release();

    const answers = await Promise.all(inFlight);
    const exit = await server.exited;
    agent.destroy();
    expect(
      answers.map((answer) => (answer instanceof HttpFailure ? answer.code : answer.status)),
    ).toEqual(answers.map(() => 200));
    expect(exit).toMatchObject({ code: 0, signal: null });
    for (const pid of workers) expect(isAlive(pid)).toBe(false);

    // Nothing half-written: four confirmed bookings, four holds each with its order, eight emails
    // queued with the confirmations and sent by the mail worker's run before it stopped.
    const found = await invariants(db.pool);
    expect(sound(found)).toBe(true);
    expect(found.eventual.mailNotSent).toEqual([]);
    expect(await count(db.pool, `select count(*) as n from bookings where status = 'booked'`)).toBe(
      4,
    );
    expect(await count(db.pool, `select count(*) as n from bookings where status = 'held'`)).toBe(
      4,
    );
    const expected = await outboxMessageIds(db.pool);
    expect(expected.size).toBe(8);
    const received = smtp.countsByMessageId();
    expect([...expected.values()].map((id) => received.get(id))).toEqual(
      [...expected.values()].map(() => 1),
    );

    report(`sigterm-${concurrency === 1 ? 'one-process' : 'web-concurrency-2'}`, {
      inFlightAtSignal: inFlight.length,
      answered200: answers.filter((a) => !(a instanceof HttpFailure) && a.status === 200).length,
      exitCode: exit.code,
      signalToExitMs: exit.at - signalAt,
      workersStopped: workers.length,
      emailsSentOnce: expected.size,
    });
  });
});

it('a shutdown that cannot finish within SHUTDOWN_GRACE_SECONDS exits 1, leaving nothing half-written', async () => {
  const db = await createDatabase();
  databases.push(db);
  smtp ??= await startSmtpReceiver();
  const env = { SMTP_URL: smtp.url, SHUTDOWN_GRACE_SECONDS: '2' };
  const server = await startServer({ name: 'grace', databaseUrl: db.url, env });
  const { paid } = await prepare(db, server.url);
  const [first] = paid;

  const lock = await lockBookings(db.url);
  const stuck = attempt(server.url, 'POST', '/api/payments/verify-payment', {
    token: first!.token,
    body: first!.response,
  });
  await waitFor(
    'the verification to wait on the lock',
    async () => (await waitingOnLocks(db)) === 1,
  );
  const signalAt = Date.now();
  server.kill('SIGTERM');
  const exit = await server.exited;
  const answer = await stuck;
  await lock.release();

  expect(exit.code).toBe(1);
  expect(exit.at - signalAt).toBeGreaterThanOrEqual(2_000);
  expect(exit.at - signalAt).toBeLessThan(10_000);
  expect(server.output()).toContain('still busy after SHUTDOWN_GRACE_SECONDS=2');
  expect(answer).toBeInstanceOf(HttpFailure);

  // The settlement's transaction died with the process: no payment recorded, the hold still held.
  await waitFor('the abandoned transaction to end', async () => (await waitingOnLocks(db)) === 0);
  expect(await count(db.pool, `select count(*) as n from payments`)).toBe(0);
  expect(sound(await invariants(db.pool))).toBe(true);

  // After a restart the patient's retry confirms the booking.
  const restarted = await startServer({ name: 'grace-restarted', databaseUrl: db.url, env });
  await ok(verifyPayment(restarted.url, first!.token, first!.response));
  expect(await count(db.pool, `select count(*) as n from bookings where status = 'booked'`)).toBe(
    1,
  );
  report('sigterm-grace-expired', { exitCode: exit.code, signalToExitMs: exit.at - signalAt });
});
