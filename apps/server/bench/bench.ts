/**
 * `npm run bench`: the API as its users load it, on PostgreSQL, each endpoint beside a bare Fastify
 * baseline measured in the same run, while the data grows from 10,000 to 1,000,000 bookings across
 * 1,000 psychologists. At each size: the availability of a week and of a month, a patient's booking
 * list and holds (create-order), with the query plans of the week's statement and of the list; at the
 * end, a calendar feed of 5,000 sessions (whole and revalidated), whole bookings (hold, sandbox
 * payment, verification), sign-ins, and PostgreSQL's own `pgbench -N` on the same server, which holds
 * and whole bookings are read against. Figures are printed as tables and written to bench-results/
 * (JSON).
 *
 * Reads run against the app in this process, as their baseline does. Holds, whole bookings and
 * sign-ins run against the built server (`npm run bench` builds it first) in BENCH_WORKERS processes
 * (default: one per core, as WEB_CONCURRENCY would be set), as `pgbench` runs in processes of its own.
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench makes a database of its own there and drops it afterwards. BENCH_SECONDS (10) and
 * BENCH_CONNECTIONS (10) set each run; BENCH_ROUNDS (3) how many times each read and its baseline
 * are measured in turn (the median round is reported); BENCH_SIZES (10000,100000,1000000) the data
 * sizes. Run it on an otherwise idle machine: the load average is printed and recorded with the figures.
 */
import { cpus, loadavg } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SLOT_START_MINUTES,
  addIsoDays,
  localDateOf,
  monthGridDates,
  periodBounds,
  periodContaining,
  periodKey,
  psychologistsPath,
  weekDates,
  zonedInstant,
} from '@sukoon/shared';
import { buildApp } from '../src/app';
import { queryRows, type Database } from '../src/db/client';
import { loadEnv } from '../src/env';
import { hashPassword } from '../src/modules/auth/passwords';
import { createSessionsService } from '../src/modules/auth/sessions-service';
import { availabilityWindowQuery } from '../src/modules/availability/availability-repository';
import { createBookingsRepository } from '../src/modules/bookings/bookings-repository';
import { practiceStatements } from '../src/modules/practice/practice-repository';
import {
  CONNECTIONS,
  ROUNDS,
  SECONDS,
  bareServer,
  compareInTurns,
  listen,
  measure,
  percentile,
  pgbenchTps,
  throwawayDatabase,
  writeResults,
  type Measurement,
} from './harness';
import { seedPracticeHistory } from './practice-history';
import { benchFeed, FEED_SESSIONS } from './feed';
import { cpuAccount, describeAccount, type CpuAccount } from './cpu-account';
import {
  childPids,
  startServer,
  waitFor,
  type ServerProcess,
} from '../reliability/harness/processes';

const PSYCHOLOGISTS = 1_000;
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ZONE = 'Asia/Kolkata';
const PATIENT = { email: 'bench.patient@example.test', password: 'bench-passphrase-2026' };
/** Sessions of the measured psychologist in the measured week: 8 a day, 7 days. */
const WEEK_SESSIONS = 56;
/** Past sessions of the bench patient, with 30 different psychologists. */
const PATIENT_SESSIONS = 30;
/**
 * Patients who place the holds, each in turn: a patient's next hold comes after every other
 * booker's, so none holds two at once (or waits on their own), for up to 2 x BOOKERS holds a run.
 */
const BOOKERS = Number(process.env.BENCH_BOOKERS ?? 5000);
/** The Practice page's financial year (issue 21): one psychologist's sessions, 17 a day. */
const PRACTICE_SESSIONS = 6_000;
/** Worker processes of the deployed server that takes the writes and sign-ins: one per core. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? cpus().length);
const HOLD_ROW = `POST create-order (a hold; ${WORKERS} processes)`;
const WHOLE_BOOKING_ROW = `hold + pay + verify (3 requests; ${WORKERS} processes)`;
/** Sign-ins started each second in the background while a read is measured (issue 19). */
const SIGN_INS_PER_SECOND = Number(process.env.BENCH_SIGN_INS ?? 50);
/**
 * A folder for CPU profiles of the deployed server's processes (`.cpuprofile`, one per process,
 * written as each exits), to see where a write's time goes; unset, nothing is profiled.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;

const today = localDateOf(new Date(), ZONE);
const week = weekDates(today);
const month = monthGridDates(today);

/** 45-minute sessions on the hour from 9:00 IST, `day + k / 8` days on, for psychologists in `who`. */
function sessionsSql(who: SQL, firstDay: string, from: number, to: number, dayStep: 1 | -1) {
  return sql`
    insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                          price_paise, status, payment_status)
    select p.id, null, s.starts_at, s.starts_at + interval '45 minutes', 45, 'Session', 90000,
           'booked', 'completed'
    from users p
    cross join lateral (
      select (${firstDay}::date + ${dayStep}::int * (k / 8)) + make_interval(hours => 9 + k % 8)
               - interval '5 hours 30 minutes' as starts_at
      from generate_series(${from}::int, ${to - 1}::int) as k
    ) s
    where ${who}`;
}

async function seedPeople(db: Database) {
  await db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at)
    select 'bench' || n || '@example.test', 'bench_' || lpad(n::text, 4, '0'), 'x', 'psychologist', now()
    from generate_series(1, ${PSYCHOLOGISTS}) as n`);
  // Each has had paid sessions (the history below), so each was given a receipt series with their
  // first receipt: only a first receipt looks for a free one. The app would have given BENCH,
  // BENCH2, BENCH3... (all are "Dr. bench_NNNN"); any distinct codes do here (BENCH0001...).
  await db.execute(sql`
    insert into psychologist_profiles (user_id, display_name, receipt_series)
    select id, 'Dr. ' || username, upper(replace(username, '_', ''))
    from users where role = 'psychologist'`);
  const [patient] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, username, password_hash, role, email_verified_at)
        values (${PATIENT.email}, 'bench_patient', ${await hashPassword(PATIENT.password)},
                'patient', now())
        returning id`,
  );
  // Other patients place the holds and whole bookings, so the measured list stays the same size;
  // many of them, as one patient may hold only two slots at once (HOLD_LIMITS.liveHolds).
  const bookers = (
    await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, username, password_hash, role, email_verified_at)
          select 'bench.booker' || n || '@example.test', 'bench_booker_' || n, 'x', 'patient', now()
          from generate_series(1, ${BOOKERS}) as n
          returning id`,
    )
  ).map((row) => row.id);
  const psychologists = (
    await queryRows<{ id: string }>(
      db,
      sql`select id from users where role = 'psychologist' order by username`,
    )
  ).map((row) => row.id);
  const measured = psychologists[0]!;
  // The measured week is full: the same rows are read at every data size.
  await db.execute(sessionsSql(sql`p.id = ${measured}::uuid`, week[0]!, 0, WEEK_SESSIONS, 1));
  // The patient's sessions, one with each of 30 psychologists, two months ahead.
  await db.execute(sql`
    insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                          price_paise, status, payment_status)
    select p.id, ${patient!.id}::uuid, t, t + interval '20 minutes', 20, 'Check-in', 50000,
           'booked', 'completed'
    from (select id from users where role = 'psychologist' order by username offset 1
          limit ${PATIENT_SESSIONS}) p,
         lateral (select (${addIsoDays(today, 60)}::date + interval '9 hours'
                          - interval '5 hours 30 minutes') as t) s`);
  return { patientId: patient!.id, bookers, measured, psychologists };
}

/** Grows every psychologist's history (days before the measured week) to `perPsychologist` sessions. */
async function growHistory(db: Database, from: number, to: number) {
  if (to <= from) return;
  await db.execute(
    sessionsSql(sql`p.role = 'psychologist'`, addIsoDays(week[0]!, -1), from, to, -1),
  );
  await db.execute(sql`analyze bookings`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement: the plan's lines and its execution time. */
async function explain(db: Database, statement: SQL) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) ${statement}`,
  );
  const lines = rows.map((row) => row['QUERY PLAN']);
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  return { lines, executionMs: Number(/([\d.]+) ms/.exec(execution ?? '')?.[1] ?? NaN) };
}

/** Distinct free slots, never overlapping: psychologists 500-999, every half hour, day after day. */
function slotSource(psychologists: string[]) {
  const pool = psychologists.slice(PSYCHOLOGISTS / 2);
  const firstDay = addIsoDays(today, 10);
  let index = 0;
  return () => {
    const psychologist = pool[index % pool.length]!;
    const perDay = Math.floor(index / pool.length);
    const minute = SLOT_START_MINUTES[perDay % SLOT_START_MINUTES.length]!;
    const day = addIsoDays(firstDay, Math.floor(perDay / SLOT_START_MINUTES.length));
    index += 1;
    return JSON.stringify({
      psychologist_id: psychologist,
      start_time: zonedInstant(day, minute, ZONE).toISOString(),
      duration: 20,
      title: 'Benchmark session',
      description: 'Measuring holds',
    });
  };
}

interface Row {
  bookings: number;
  what: string;
  api: Measurement;
  bare: Measurement;
  roundRatios?: number[];
  /** Where the CPU went during the API's run (the writes), per request or whole booking. */
  cpu?: CpuAccount | null;
}

function tableOf(rows: Row[]) {
  return rows.map((row) => ({
    bookings: row.bookings.toLocaleString('en-US'),
    what: row.what,
    'api req/s': Math.round(row.api.rps),
    'api p50/p99 ms': `${row.api.p50}/${row.api.p99}`,
    'bare req/s': Math.round(row.bare.rps),
    'bare p50/p99 ms': `${row.bare.p50}/${row.bare.p99}`,
    'api / bare': (row.api.rps / row.bare.rps).toFixed(3),
    rounds: row.roundRatios?.map((ratio) => ratio.toFixed(2)).join(' ') ?? '',
  }));
}

async function main() {
  const { database, url: databaseUrl, drop } = await throwawayDatabase();
  let deployed: ServerProcess | undefined;
  const apps: FastifyInstance[] = [];
  const rows: Row[] = [];
  const plans: { bookings: number; query: string; executionMs: number; plan: string[] }[] = [];
  try {
    const db = database.db;
    const started = Date.now();
    const loadAtStart = loadavg();
    const { patientId, bookers, measured, psychologists } = await seedPeople(db);
    const sessions = createSessionsService(db);
    const auth = { authorization: `Bearer ${(await sessions.issue(patientId)).token}` };
    const psychologistAuth = {
      authorization: `Bearer ${(await sessions.issue(measured)).token}`,
    };
    const bookerHeaders: Record<string, string>[] = [];
    for (let from = 0; from < bookers.length; from += 100) {
      const tokens = await Promise.all(
        bookers.slice(from, from + 100).map((id) => sessions.issue(id)),
      );
      for (const { token } of tokens) {
        bookerHeaders.push({
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        });
      }
    }
    // One patient of its own for each connection of the whole bookings; the rest take the holds.
    const wholeBookers = bookerHeaders.splice(-CONNECTIONS);
    let booked = 0;
    /** The next booker's headers, round the pool. */
    const nextBooker = () => bookerHeaders[booked++ % bookerHeaders.length]!;
    const json = nextBooker();

    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO: 'false',
      RATE_LIMITS: 'off',
      // Mail is the deployed server's work: this process's worker would otherwise take some of the
      // whole bookings' emails (and draw their receipts), and the CPU account would charge them here.
      MAIL_POLL_MS: String(24 * 60 * 60_000),
    });
    const app = await buildApp({ env, database });
    apps.push(app);
    const real = await listen(app);
    // Writes and sign-ins as a deployment runs them (issue 19): the built server in processes of its
    // own, WEB_CONCURRENCY at the machine's cores, on the same database. The reads above stay in this
    // process, where their baseline (a bare route answering the same bytes) runs too.
    deployed = await startServer({
      name: 'bench',
      databaseUrl,
      env: { WEB_CONCURRENCY: String(WORKERS) },
      nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    });
    await waitFor(`${WORKERS} workers`, () => childPids(deployed!.pid).length >= WORKERS);
    const workers = deployed.url;
    const bare = await bareServer();
    apps.push(bare.app);

    const paths = {
      'availability, week': `/api/availability?psychologistId=${measured}&from=${week[0]}&to=${week[6]}`,
      'availability, month': `/api/availability?psychologistId=${measured}&from=${month[0]}&to=${month.at(-1)}`,
      'patient booking list': `/api/bookings/user/${patientId}`,
      'patient events, week': `/api/events?startDate=${week[0]}&endDate=${week[6]}`,
      'psychologist profile': `/api/psychologists/${measured}`,
      // Every one of the 1,000, with their first free times: the patients' directory.
      'psychologists directory': psychologistsPath(),
    };
    // The measured psychologist's own reads: their week's 56 sessions.
    const psychologistPaths = {
      'psychologist booking list': `/api/bookings/user/${measured}`,
      'psychologist events, week': `/api/events?startDate=${week[0]}&endDate=${week[6]}`,
    };
    const nextHold = slotSource(psychologists);
    let history = 0;

    console.info(
      `${CONNECTIONS} connections, ${SECONDS} s per run, reads ${ROUNDS} rounds in turn with the baseline, Node ${process.version}, PostgreSQL via node-postgres (pool 10), ${PSYCHOLOGISTS} psychologists, ${cpus().length} cores, load average ${loadAtStart[0]!.toFixed(2)} at start`,
    );
    for (const size of SIZES) {
      const perPsychologist = Math.max(
        0,
        Math.round((size - WEEK_SESSIONS - PATIENT_SESSIONS) / PSYCHOLOGISTS),
      );
      const growStart = Date.now();
      await growHistory(db, history, perPsychologist);
      history = perPsychologist;
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from bookings`,
      );
      const bookings = count!.n;
      console.info(
        `\n${bookings.toLocaleString('en-US')} bookings (grown in ${Date.now() - growStart} ms)`,
      );

      const reads = [
        ...Object.entries(paths).map(([what, path]) => ({ what, path, headers: auth })),
        ...Object.entries(psychologistPaths).map(([what, path]) => ({
          what,
          path,
          headers: psychologistAuth,
        })),
      ];
      for (const { what, path, headers } of reads) {
        const response = await fetch(real + path, { headers });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        const baselineUrl = bare.route(`${what}-${size}`, await response.text());
        rows.push({
          bookings,
          what: `GET ${what}`,
          ...(await compareInTurns(
            () => measure(real + path, { headers }),
            () => measure(baselineUrl),
          )),
        });
      }
      const hold = await fetch(`${workers}/api/payments/create-order`, {
        method: 'POST',
        headers: nextBooker(),
        body: nextHold(),
      });
      if (!hold.ok) throw new Error(`create-order: HTTP ${hold.status} ${await hold.text()}`);
      const holdAccount = cpuAccount(deployed.pid);
      const holds = await measure(`${workers}/api/payments/create-order`, {
        method: 'POST',
        headers: json,
        next: () => ({ body: nextHold(), headers: nextBooker() }),
      });
      rows.push({
        bookings,
        what: HOLD_ROW,
        api: holds,
        cpu: holdAccount?.finish(holds.requests),
        bare: await measure(bare.route(`hold-${size}`, await hold.text()), {
          method: 'POST',
          headers: json,
          body: nextHold(),
        }),
      });

      const weekPlan = await explain(
        db,
        availabilityWindowQuery(measured, { from: week[0]!, to: week[6]! }),
      );
      const listQuery = createBookingsRepository(db).listForUser(patientId).toSQL();
      const listPlan = await explain(db, sql.raw(inline(listQuery.sql, listQuery.params)));
      plans.push(
        {
          bookings,
          query: 'availability, week',
          executionMs: weekPlan.executionMs,
          plan: weekPlan.lines,
        },
        {
          bookings,
          query: 'patient booking list',
          executionMs: listPlan.executionMs,
          plan: listPlan.lines,
        },
      );
      console.info(
        `week statement ${weekPlan.executionMs} ms, booking list ${listPlan.executionMs} ms (EXPLAIN ANALYZE)`,
      );
    }
    const bookings = rows.at(-1)!.bookings;

    // The Practice page of a psychologist with a financial year of 6,000 sessions, paid, refunded,
    // canceled and marked (issue 21): its summary against the same bytes from memory.
    const [practitioner] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, username, password_hash, role, email_verified_at)
          values ('bench.practice@example.test', 'bench_practice', 'x', 'psychologist', now())
          returning id`,
    );
    await db.execute(
      sql`insert into psychologist_profiles (user_id, display_name) values (${practitioner!.id}, 'Dr. Practice')`,
    );
    const financialYear = periodContaining('fy', new Date());
    const practiceRange = { psychologistId: practitioner!.id, ...periodBounds(financialYear) };
    await seedPracticeHistory(db, {
      psychologistId: practitioner!.id,
      patientIds: bookers.slice(0, 400),
      from: practiceRange.from,
      count: PRACTICE_SESSIONS,
      perDay: 17,
    });
    const practiceAuth = {
      authorization: `Bearer ${(await sessions.issue(practitioner!.id)).token}`,
    };
    const practicePath = `/api/practice/summary?period=${periodKey(financialYear)}`;
    const practiceAnswer = await fetch(real + practicePath, { headers: practiceAuth });
    if (!practiceAnswer.ok) throw new Error(`${practicePath}: HTTP ${practiceAnswer.status}`);
    const practiceBaseline = bare.route('practice', await practiceAnswer.text());
    rows.push({
      bookings,
      what: `GET practice summary, financial year of ${PRACTICE_SESSIONS.toLocaleString('en-US')} sessions`,
      ...(await compareInTurns(
        () => measure(real + practicePath, { headers: practiceAuth }),
        () => measure(practiceBaseline),
      )),
    });
    for (const [name, statement] of Object.entries(practiceStatements)) {
      if (name.endsWith('Rows')) continue;
      const plan = await explain(db, statement(practiceRange));
      plans.push({
        bookings,
        query: `practice ${name}, financial year`,
        executionMs: plan.executionMs,
        plan: plan.lines,
      });
      console.info(`practice ${name}: ${plan.executionMs} ms (EXPLAIN ANALYZE)`);
    }

    // A psychologist's calendar feed of 5,000 sessions: whole, and revalidated.
    const feed = await benchFeed(db, real, bare, bookers.slice(0, 50));
    const feedRow = `GET calendar feed, ${FEED_SESSIONS.toLocaleString('en-US')} sessions (${(feed.bytes / 1e6).toFixed(1)} MB; first fetch ${feed.firstFetchMs} ms)`;
    rows.push(
      { bookings, what: feedRow, ...feed.full },
      { bookings, what: 'GET calendar feed, 304 on If-None-Match', ...feed.notModified },
    );
    console.info(
      `calendar feed one request at a time: whole ${feed.alone.full.p50}/${feed.alone.full.p99} ms, 304 ${feed.alone.notModified.p50}/${feed.alone.notModified.p99} ms (p50/p99)`,
    );

    // Whole bookings: hold, sandbox payment, verification (confirms and queues two emails).
    const post = async (path: string, body: string, headers: Record<string, string>) => {
      const response = await fetch(workers + path, { method: 'POST', headers, body });
      if (!response.ok)
        throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const latencies: number[] = [];
    const wholeAccount = cpuAccount(deployed.pid);
    const deadline = Date.now() + SECONDS * 1000;
    const loopStart = Date.now();
    let sample = '';
    await Promise.all(
      wholeBookers.map(async (headers) => {
        while (Date.now() < deadline) {
          const begin = performance.now();
          const order = await post('/api/payments/create-order', nextHold(), headers);
          const paid = await post(
            '/api/payments/sandbox/pay',
            JSON.stringify({
              order_id: order.order_id,
              method: 'card',
              card_number: '4111 1111 1111 1111',
              outcome: 'success',
              webhook: 'none',
            }),
            headers,
          );
          const verified = await post(
            '/api/payments/verify-payment',
            JSON.stringify(paid.response),
            headers,
          );
          sample ||= JSON.stringify({ success: true, data: verified, error: null });
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const elapsed = (Date.now() - loopStart) / 1000;
    // Each booking's two emails (the patient's with the receipt's PDF) are the server's work too:
    // the account waits for the outbox's due mail to go (at most 30 s).
    for (let waited = 0; waited < 30_000; waited += 250) {
      const [due] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from mail_outbox where status = 'pending' and send_after <= now()`,
      );
      if (due!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wholeCpu = wholeAccount?.finish(latencies.length);
    latencies.sort((a, b) => a - b);
    rows.push({
      bookings,
      what: WHOLE_BOOKING_ROW,
      api: {
        rps: latencies.length / elapsed,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        requests: latencies.length,
      },
      cpu: wholeCpu,
      bare: await measure(bare.route('verify', sample), {
        method: 'POST',
        headers: json,
        body: '{}',
      }),
    });

    const login = JSON.stringify(PATIENT);
    const signedIn = await fetch(`${workers}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: login,
    });
    rows.push({
      bookings,
      what: `POST /api/users/login (${WORKERS} processes)`,
      api: await measure(`${workers}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: login,
      }),
      bare: await measure(bare.route('login', await signedIn.text()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: login,
      }),
    });

    // Sign-ins beside reads (issue 19): the week's availability alone, then while sign-ins are
    // started at SIGN_INS_PER_SECOND in the background; "bare" here is the unloaded read.
    const weekUrl = workers + paths['availability, week'];
    const unloaded = await measure(weekUrl, { headers: auth });
    let stopSignIns = false;
    let signInsDone = 0;
    const signInsStart = Date.now();
    const signIns = (async () => {
      const pending: Promise<unknown>[] = [];
      for (let n = 0; !stopSignIns; n += 1) {
        pending.push(
          fetch(`${workers}/api/users/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: login,
          }).then(async (response) => {
            await response.arrayBuffer();
            if (response.ok) signInsDone += 1;
          }),
        );
        const due = signInsStart + ((n + 1) * 1000) / SIGN_INS_PER_SECOND;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      }
      await Promise.all(pending);
    })();
    const beside = await measure(weekUrl, { headers: auth });
    stopSignIns = true;
    const signInSeconds = (Date.now() - signInsStart) / 1000;
    await signIns;
    rows.push({
      bookings,
      what: `GET availability, week beside ${SIGN_INS_PER_SECOND} sign-ins/s (${WORKERS} processes; bare: unloaded)`,
      api: beside,
      bare: unloaded,
    });
    console.info(
      `sign-ins answered beside the reads: ${(signInsDone / signInSeconds).toFixed(1)}/s of ${SIGN_INS_PER_SECOND}/s started`,
    );

    // Writes as a share of what PostgreSQL itself does on this server (issue 19): its own
    // benchmark's simple-update transactions, measured now, beside the last size's holds and the
    // whole bookings.
    deployed.kill('SIGTERM');
    await deployed.exited;
    deployed = undefined;
    const { tps: pgbench, cpu: pgbenchCpu } = await pgbenchTps();
    const holdRow = rows.filter((row) => row.what === HOLD_ROW).at(-1)!;
    const wholeRow = rows.find((row) => row.what === WHOLE_BOOKING_ROW)!;
    const writes = {
      pgbenchTps: pgbench,
      holdsPerSecond: holdRow.api.rps,
      holdRatio: holdRow.api.rps / pgbench,
      bookingsPerSecond: wholeRow.api.rps,
      bookingRatio: wholeRow.api.rps / pgbench,
    };

    // A table is the clearest way to read these figures side by side in a terminal.
    // eslint-disable-next-line no-console
    console.table(tableOf(rows));
    console.info(
      `\nWrites beside pgbench -N on the same server (${CONNECTIONS} clients, ${SECONDS} s): ${pgbench.toFixed(0)} tps; ` +
        `holds ${writes.holdsPerSecond.toFixed(0)}/s = ${writes.holdRatio.toFixed(3)} of it; ` +
        `whole bookings ${writes.bookingsPerSecond.toFixed(1)}/s = ${writes.bookingRatio.toFixed(3)} of it`,
    );
    const accounts = [
      ...rows.flatMap((row) => (row.cpu ? [describeAccount(row.cpu, row.what)] : [])),
      ...(pgbenchCpu ? [describeAccount(pgbenchCpu, 'pgbench -N transaction')] : []),
    ];
    if (accounts.length > 0) console.info(`\n${accounts.join('\n')}`);
    for (const plan of plans.filter((p) => p.bookings === bookings)) {
      console.info(
        `\n${plan.query} at ${bookings.toLocaleString('en-US')} bookings:\n${plan.plan.join('\n')}`,
      );
    }
    const file = await writeResults({
      date: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      cores: cpus().length,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg(),
      psychologists: PSYCHOLOGISTS,
      seedMs: Date.now() - started,
      rows: rows.map((row) => ({ ...row, ratio: row.api.rps / row.bare.rps })),
      calendarFeedAlone: feed.alone,
      writes,
      pgbenchCpu,
      plans,
    });
    console.info(`\nFigures written to ${file}`);
  } finally {
    deployed?.kill('SIGKILL');
    await deployed?.exited;
    for (const app of apps) await app.close();
    await drop();
  }
}

/** A statement with its parameters written in, for EXPLAIN (the bench's own values only). */
function inline(text: string, params: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

await main();
