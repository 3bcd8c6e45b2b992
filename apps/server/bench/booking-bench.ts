/**
 * `npm run bench` (second part): booking on PostgreSQL. (1) POST /api/payments/create-order, each
 * request a 10-minute hold on a distinct free slot plus a sandbox order, with autocannon: holds per
 * second and the hold endpoint's p50/p99 latency. (2) Whole bookings: hold, sandbox payment and
 * POST /api/payments/verify-payment (which confirms the booking and queues two emails), from
 * BENCH_CONNECTIONS concurrent loops: confirmed bookings per second. Beside both, a bare Fastify POST
 * route that parses the same JSON body and answers a payload of the same size.
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates a database of its own there and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { SLOT_START_MINUTES, addIsoDays, localDateOf, zonedInstant } from '@sukoon/shared';
import { buildApp } from '../src/app';
import { openDatabase, queryRows } from '../src/db/client';
import { loadEnv } from '../src/env';
import { createSessionsService } from '../src/modules/auth/sessions-service';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PSYCHOLOGISTS = 25;
const ZONE = 'Asia/Kolkata';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Distinct free slots, never overlapping: every psychologist, every half-hour start, day after day. */
function slotSource(psychologists: string[], firstDay: string) {
  let index = 0;
  return () => {
    const psychologist = psychologists[index % psychologists.length]!;
    const perDay = Math.floor(index / psychologists.length);
    const minute = SLOT_START_MINUTES[perDay % SLOT_START_MINUTES.length]!;
    const day = addIsoDays(firstDay, Math.floor(perDay / SLOT_START_MINUTES.length));
    index += 1;
    return {
      psychologist_id: psychologist,
      start_time: zonedInstant(day, minute, ZONE).toISOString(),
      duration: 20,
      title: 'Benchmark session',
      description: 'Measuring holds',
    };
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const name = `sukoon_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  const apps: FastifyInstance[] = [];
  try {
    await database.migrate();
    const db = database.db;
    await db.execute(sql`
      insert into users (email, username, password_hash, role, email_verified_at)
      select 'bench' || n || '@example.test', 'bench_' || n, 'x', 'psychologist', now()
      from generate_series(1, ${PSYCHOLOGISTS}) as n`);
    await db.execute(sql`
      insert into psychologist_profiles (user_id, display_name)
      select id, 'Dr. ' || username from users where role = 'psychologist'`);
    const [patient] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, username, password_hash, role, email_verified_at)
          values ('bench.patient@example.test', 'bench_patient', 'x', 'patient', now()) returning id`,
    );
    const psychologists = (
      await queryRows<{ id: string }>(db, sql`select id from users where role = 'psychologist'`)
    ).map((row) => row.id);
    const { token } = await createSessionsService(db).issue(patient!.id);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO: 'false',
      RATE_LIMITS: 'off',
    });
    const app = await buildApp({ env, database });
    apps.push(app);
    const real = await listen(app);
    const tomorrow = addIsoDays(localDateOf(new Date(), ZONE), 1);

    // (1) Holds: each request a new slot.
    const nextHold = slotSource(psychologists, tomorrow);
    const sample = await fetch(`${real}/api/payments/create-order`, {
      method: 'POST',
      headers,
      body: JSON.stringify(nextHold()),
    });
    if (!sample.ok) throw new Error(`create-order: HTTP ${sample.status} ${await sample.text()}`);
    const samplePayload = await sample.text();
    const holds = await autocannon({
      url: `${real}/api/payments/create-order`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers,
      requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(nextHold()) }) }],
    });
    if (holds.non2xx > 0 || holds.errors > 0) {
      throw new Error(`holds: ${holds.non2xx} non-2xx answers, ${holds.errors} errors`);
    }

    // (2) Whole bookings: hold, pay in the sandbox, verify (confirms the booking, queues the emails).
    const nextBooking = slotSource(psychologists, addIsoDays(tomorrow, 200));
    const post = async (path: string, body: unknown) => {
      const response = await fetch(real + path, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const latencies: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          const begin = performance.now();
          const order = await post('/api/payments/create-order', nextBooking());
          const paid = await post('/api/payments/sandbox/pay', {
            order_id: order.order_id,
            method: 'card',
            card_number: '4111 1111 1111 1111',
            outcome: 'success',
            webhook: 'none',
          });
          await post('/api/payments/verify-payment', paid.response);
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const [booked] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bookings where status = 'booked'`,
    );

    // The baseline parses a JSON body of the same shape and answers the same bytes, from memory.
    const bare = Fastify({ logger: false });
    apps.push(bare);
    bare.post('/bare', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(samplePayload),
    );
    const bareUrl = await listen(bare);
    const baseline = await autocannon({
      url: `${bareUrl}/bare`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers,
      body: JSON.stringify(nextHold()),
    });

    console.info(
      `\nBooking: ${CONNECTIONS} connections, ${SECONDS} s per run, Node ${process.version}, PostgreSQL via node-postgres (pool 10)\n`,
    );
    // eslint-disable-next-line no-console
    console.table([
      {
        what: 'POST /api/payments/create-order (hold + order)',
        'req/s': Math.round(holds.requests.average),
        'p50/p99 ms': `${holds.latency.p50}/${holds.latency.p99}`,
      },
      {
        what: 'hold + sandbox pay + verify (confirmed bookings)',
        'req/s': Math.round((latencies.length / elapsed) * 10) / 10,
        'p50/p99 ms': `${Math.round(percentile(latencies, 50))}/${Math.round(percentile(latencies, 99))}`,
      },
      {
        what: 'bare Fastify POST, same body and answer size',
        'req/s': Math.round(baseline.requests.average),
        'p50/p99 ms': `${baseline.latency.p50}/${baseline.latency.p99}`,
      },
    ]);
    console.info(
      `${holds.requests.total.toLocaleString('en-US')} holds placed; ${booked!.n.toLocaleString('en-US')} bookings confirmed.`,
    );
  } finally {
    for (const app of apps) await app.close();
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

await main();
