/**
 * `npm run bench`: throughput of GET /api/availability for one week and one month with 50,000 bookings
 * in PostgreSQL, against a bare Fastify route that serves a payload of the same size from memory, in the
 * same run and process; then the query plan of the month's busy-interval query.
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates a database of its own there and drops it afterwards. BENCH_SECONDS sets each run's
 * length (default 10), BENCH_CONNECTIONS the concurrent connections (default 10).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { addIsoDays, localDateOf, monthGridDates, weekDates } from '@sukoon/shared';
import { buildApp } from '../src/app';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { loadEnv } from '../src/env';
import { createSessionsService } from '../src/modules/auth/sessions-service';
import { availabilityWindowQuery } from '../src/modules/availability/availability-repository';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PSYCHOLOGISTS = 25;
const BOOKINGS = 50_000;
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

/**
 * 25 psychologists with 2,000 booked sessions each (8 a day, 45 minutes on the hour from 9:00 IST, on
 * 250 consecutive days starting 100 days ago), a day part off every Wednesday and a blocked slot a day.
 */
async function seed(database: DatabaseHandle, firstDay: string) {
  const db = database.db;
  await db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at)
    select 'bench' || n || '@example.test', 'bench_' || n, 'not-a-real-hash', 'psychologist', now()
    from generate_series(1, ${PSYCHOLOGISTS}) as n`);
  await db.execute(sql`
    insert into psychologist_profiles (user_id, display_name)
    select id, 'Dr. ' || username from users where role = 'psychologist'`);
  const perPsychologist = BOOKINGS / PSYCHOLOGISTS;
  await db.execute(sql`
    insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                          price_paise, status, payment_status)
    select p.id, null, s.starts_at, s.starts_at + interval '45 minutes', 45, 'Session', 90000,
           'booked', 'completed'
    from users p
    cross join lateral (
      select (${firstDay}::date + (k / 8)) + make_interval(hours => 9 + k % 8)
               - interval '5 hours 30 minutes' as starts_at
      from generate_series(0, ${perPsychologist - 1}) as k
    ) s
    where p.role = 'psychologist'`);
  await db.execute(sql`
    insert into unavailable_day_parts (psychologist_id, date, segment)
    select p.id, d::date, 'evening' from users p,
      generate_series(${firstDay}::date, ${firstDay}::date + 249, interval '1 day') d
    where p.role = 'psychologist' and extract(isodow from d) = 3`);
  await db.execute(sql`
    insert into blocked_slots (psychologist_id, starts_at)
    select p.id, d + interval '17 hours' - interval '5 hours 30 minutes' from users p,
      generate_series(${firstDay}::date, ${firstDay}::date + 249, interval '1 day') d
    where p.role = 'psychologist'`);
  await db.execute(sql`analyze`);
  const [patient] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, username, password_hash, role, email_verified_at)
        values ('bench.patient@example.test', 'bench_patient', 'x', 'patient', now()) returning id`,
  );
  const [psychologist] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where role = 'psychologist' order by username limit 1`,
  );
  const { token } = await createSessionsService(db).issue(patient!.id);
  return { token, psychologistId: psychologist!.id };
}

async function measure(url: string, token: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
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
    const today = localDateOf(new Date(), ZONE);
    const started = Date.now();
    const { token, psychologistId } = await seed(database, addIsoDays(today, -100));
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bookings`,
    );
    console.info(
      `Seeded ${count!.n.toLocaleString('en-US')} bookings for ${PSYCHOLOGISTS} psychologists in ${Date.now() - started} ms`,
    );

    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: 'false' });
    const app = await buildApp({ env, database });
    apps.push(app);
    const real = await listen(app);

    const week = weekDates(today);
    const month = monthGridDates(today);
    const paths = {
      week: `/api/availability?psychologistId=${psychologistId}&from=${week[0]}&to=${week[6]}`,
      month: `/api/availability?psychologistId=${psychologistId}&from=${month[0]}&to=${month.at(-1)}`,
    };

    // The baseline answers with exactly the bytes the real endpoint sends, from memory.
    const bare = Fastify({ logger: false });
    apps.push(bare);
    const payloads: Record<string, string> = {};
    for (const [key, path] of Object.entries(paths)) {
      const response = await fetch(real + path, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      payloads[key] = await response.text();
    }
    bare.get('/bare/:key', async (request, reply) => {
      const { key } = request.params as { key: string };
      return reply.type('application/json; charset=utf-8').send(payloads[key]);
    });
    const bareUrl = await listen(bare);

    console.info(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run, Node ${process.version}, PostgreSQL via node-postgres (pool 10)\n`,
    );
    const rows = [];
    for (const key of ['week', 'month'] as const) {
      const payload = payloads[key]!;
      const parsed = JSON.parse(payload) as { data: { busy: unknown[] } };
      const api = await measure(real + paths[key], token);
      const baseline = await measure(`${bareUrl}/bare/${key}`, token);
      rows.push({
        range: key,
        'payload bytes': payload.length,
        'busy intervals': parsed.data.busy.length,
        'api req/s': Math.round(api.rps),
        'api p50/p99 ms': `${api.p50}/${api.p99}`,
        'bare req/s': Math.round(baseline.rps),
        'bare p50/p99 ms': `${baseline.p50}/${baseline.p99}`,
        'api / bare': (api.rps / baseline.rps).toFixed(3),
      });
    }
    // A table is the clearest way to read four figures side by side in a terminal.
    // eslint-disable-next-line no-console
    console.table(rows);

    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain (analyze, buffers) ${availabilityWindowQuery(psychologistId, {
        from: month[0]!,
        to: month.at(-1)!,
      })}`,
    );
    console.info(
      "\nThe month request's query (GET /api/availability runs exactly this statement):",
    );
    console.info(plan.map((row) => row['QUERY PLAN']).join('\n'));
  } finally {
    for (const app of apps) await app.close();
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

await main();
