import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  count,
  createDatabase,
  seedUsers,
  type SeededUser,
  type TestDatabase,
} from './harness/database';
import { attempt, HttpFailure, ok, percentile, round } from './harness/http';
import {
  childPids,
  cpuTicks,
  killAllServers,
  report,
  startServer,
  waitFor,
} from './harness/processes';
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

const ATTEMPTS = 200;

/**
 * Every shape contains 10:30-10:40 IST, so any two overlap: a 45-minute session at 10:00, and 20- and
 * 45-minute sessions at 10:30. Exactly one of all the attempts can hold the slot.
 */
const SHAPES = [
  { minute: 10 * 60, duration: 45 as const },
  { minute: 10 * 60 + 30, duration: 20 as const },
  { minute: 10 * 60 + 30, duration: 45 as const },
];

const databases: TestDatabase[] = [];
afterEach(killAllServers);
afterAll(async () => {
  for (const database of databases) await database.drop();
});

/**
 * 200 patients press Pay at once on overlapping slots of one psychologist, their requests spread over
 * `urls` (one per process, or one port in front of a cluster). Samples the live rows of that calendar
 * throughout, then pays and verifies the winner through a different process than the one that held.
 */
async function race(db: TestDatabase, urls: string[]) {
  const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
  const patients = await seedUsers(db.pool, 'patient', ATTEMPTS);

  const sampler = sampleLiveRows(db, psychologist!.id);
  try {
    return await raceAndBook(db, urls, psychologist!.id, patients, sampler);
  } finally {
    await sampler.stop();
  }
}

/** Counts the calendar's live rows (held or booked) back to back until stopped; keeps the maximum. */
function sampleLiveRows(db: TestDatabase, psychologistId: string) {
  let sampling = true;
  const state = { max: 0, samples: 0 };
  const running = (async () => {
    while (sampling) {
      const live = await count(
        db.pool,
        `select count(*) as n from bookings where psychologist_id = $1 and status in ('held', 'booked')`,
        [psychologistId],
      );
      state.max = Math.max(state.max, live);
      state.samples += 1;
    }
  })();
  return {
    state,
    async stop() {
      sampling = false;
      await running;
    },
  };
}

async function raceAndBook(
  db: TestDatabase,
  urls: string[],
  psychologistId: string,
  patients: SeededUser[],
  sampler: ReturnType<typeof sampleLiveRows>,
) {
  // Many connections, like many browsers: the cluster's round robin spreads them over its workers.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const started = performance.now();
  const answers = await Promise.all(
    patients.map((patient, index) => {
      const shape = SHAPES[index % SHAPES.length]!;
      const url = urls[index % urls.length]!;
      return attempt(url, 'POST', '/api/payments/create-order', {
        token: patient.token,
        body: holdBody(psychologistId, istSlot(3, shape.minute), shape.duration),
        agent,
        timeoutMs: 60_000,
      }).then((answer) => ({ answer, url, patient }));
    }),
  );
  const raceMs = performance.now() - started;
  agent.destroy();

  const winners = answers.filter(
    ({ answer }) => !(answer instanceof HttpFailure) && answer.status === 200,
  );
  const slotTaken = answers.filter(
    ({ answer }) =>
      !(answer instanceof HttpFailure) &&
      answer.status === 409 &&
      errorCode(answer) === 'SLOT_TAKEN',
  );
  const other = answers.filter(
    ({ answer }) =>
      !winners.some((w) => w.answer === answer) && !slotTaken.some((l) => l.answer === answer),
  );
  const perUrl = Object.fromEntries(
    urls.map((url) => [
      url,
      {
        held: winners.filter((w) => w.url === url).length,
        slotTaken: slotTaken.filter((l) => l.url === url).length,
      },
    ]),
  );
  const latencies = answers.flatMap(({ answer }) =>
    answer instanceof HttpFailure ? [] : [answer.ms],
  );

  expect(
    other.map(({ answer }) =>
      answer instanceof HttpFailure
        ? answer.code
        : `${answer.status} ${JSON.stringify(answer.body)}`,
    ),
  ).toEqual([]);
  expect(winners).toHaveLength(1);
  expect(slotTaken).toHaveLength(ATTEMPTS - 1);

  // The winner pays on one process and verifies on another (the sandbox's secret is shared).
  const winner = winners[0]!;
  const order = await ok<{ order_id: string; booking_id: string }>(winner.answer as never);
  const payUrl = urls[0]!;
  const verifyUrl = urls[urls.length - 1]!;
  const paid = await ok<{ response: Record<string, string> }>(
    sandboxPay(payUrl, winner.patient.token, order.order_id),
  );
  await ok(verifyPayment(verifyUrl, winner.patient.token, paid.response));

  // A second wave after the booking: still nobody else gets the slot.
  const late = await Promise.all(
    patients
      .slice(0, 20)
      .map((patient, index) =>
        createOrder(
          urls[index % urls.length]!,
          patient.token,
          holdBody(psychologistId, istSlot(3, 10 * 60 + 30), 20),
        ),
      ),
  );
  await sampler.stop();
  const maxLive = sampler.state.max;

  expect(late.map((answer) => [answer.status, errorCode(answer)])).toEqual(
    late.map(() => [409, 'SLOT_TAKEN']),
  );
  expect(maxLive).toBeLessThanOrEqual(1);
  const rowsByStatus = await count(
    db.pool,
    `select count(*) as n from bookings where psychologist_id = $1 and status = 'booked'`,
    [psychologistId],
  );
  expect(rowsByStatus).toBe(1);
  expect(
    await count(
      db.pool,
      `select count(*) as n from bookings where psychologist_id = $1 and status = 'held'`,
      [psychologistId],
    ),
  ).toBe(0);
  const found = await invariants(db.pool);
  expect(found).toMatchObject({ capturedWithoutBooking: [], bookedWithoutPayment: [] });
  expect(sound(found)).toBe(true);

  return {
    attempts: ATTEMPTS,
    held: winners.length,
    slotTaken: slotTaken.length,
    perProcess: perUrl,
    raceMs: round(raceMs),
    createOrderP50Ms: round(percentile(latencies, 50)),
    createOrderP99Ms: round(percentile(latencies, 99)),
    maxLiveRowsSampled: maxLive,
    liveRowSamples: sampler.state.samples,
    bookedAfterPayment: rowsByStatus,
  };
}

describe('overlapping holds across server processes on one PostgreSQL', () => {
  it('two processes: 200 concurrent attempts give one hold, one booking, 199 SLOT_TAKEN', async () => {
    const db = await createDatabase();
    databases.push(db);
    const a = await startServer({ name: 'A', databaseUrl: db.url });
    const b = await startServer({ name: 'B', databaseUrl: db.url });
    const figures = await race(db, [a.url, b.url]);
    // Both processes took part: each answered half of the attempts.
    for (const url of [a.url, b.url]) {
      const { held, slotTaken } = figures.perProcess[url]!;
      expect(held + slotTaken).toBe(ATTEMPTS / 2);
    }
    report('race-two-processes', figures);
  });

  it('WEB_CONCURRENCY=2: 200 concurrent attempts on one port give one booking', async () => {
    const db = await createDatabase();
    databases.push(db);
    const primary = await startServer({
      name: 'cluster',
      databaseUrl: db.url,
      env: { WEB_CONCURRENCY: '2' },
    });
    const workers = await waitFor('two workers', () => {
      const pids = childPids(primary.pid);
      return pids.length === 2 ? pids : undefined;
    });
    const before = workers.map(cpuTicks);
    const figures = await race(db, [primary.url]);
    const used = workers.map((pid, index) => cpuTicks(pid) - before[index]!);
    // The primary's round robin spread the connections: both workers did a real share of the work.
    for (const ticks of used) expect(ticks).toBeGreaterThan(0.2 * Math.max(...used));
    report('race-web-concurrency-2', { ...figures, workerCpuTicks: used });
  });
});
