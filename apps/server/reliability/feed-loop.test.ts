import { loadavg } from 'node:os';
import ICAL from 'ical.js';
import { afterAll, afterEach, expect, it } from 'vitest';
import { createDatabase, seedUsers, type TestDatabase } from './harness/database';
import { attempt, HttpFailure, ok, percentile, request, round } from './harness/http';
import {
  killAllServers,
  report,
  rssMb,
  startServer,
  type ServerProcess,
} from './harness/processes';

/**
 * One psychologist's calendar feed, 5,000 sessions in its window with the longest descriptions the
 * app accepts, fetched in a loop through two server processes on PostgreSQL, while /api/health is
 * asked of both every 100 ms. Of every four fetchers, two ask for the whole feed each time (one
 * plain, one with gzip, as calendar services ask), two revalidate with the ETag they got. Health is
 * first measured alone for HEALTH_ALONE_SECONDS, the baseline of the same run, and, beside the loop,
 * also on a third process that serves no feed: what the machine's load alone costs. Asserted: every
 * fetch is answered (200 or 304), the feed holds all 5,000 sessions and none of what patients
 * wrote, every health check answers, none slower than a generous bound. Reported
 * (reliability-results/feed-loop.json): the first fetch of each process, the 200s' and 304s'
 * p50/p99, health's p50/p99/max alone and beside the loop, each process's peak memory, and the
 * machine's load average.
 *
 * FEED_LOOP_SECONDS (default 30) and FEED_LOOP_FETCHERS (default 4) change the run.
 */

const SECONDS = Number(process.env.FEED_LOOP_SECONDS ?? 30);
const FETCHERS = Number(process.env.FEED_LOOP_FETCHERS ?? 4);
const SESSIONS = 5_000;
const PATIENTS = 50;
const HEALTH_EVERY_MS = 100;
const HEALTH_ALONE_SECONDS = 5;
/** Generous: a health check blocked behind a feed for longer than this is a stalled service. */
const HEALTH_BOUND_MS = 2_000;
/** What each session's patient wrote: kept out of every feed. */
const TITLE = 'My panic attacks';
const DESCRIPTION = 'I cannot sleep before exams. '.repeat(68);

let db: TestDatabase | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await db?.drop();
});

/** 20-minute sessions every half hour from 9:00 IST, 24 a day, from 29 days ago on. */
async function seedSessions(psychologistId: string, patientIds: string[]) {
  await db!.pool.query(
    `insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                           description, meeting_link, price_paise, status, payment_status)
     select $1, ($2::uuid[])[1 + k % array_length($2::uuid[], 1)], s, s + interval '20 minutes', 20,
            $4, $5, 'https://meet.jit.si/sukoon-' || md5(k::text), 50000, 'booked', 'completed'
     from generate_series(0, $3::int - 1) as k,
          lateral (select (date_trunc('day', now() at time zone 'Asia/Kolkata')
                           - interval '29 days' + (k / 24) * interval '1 day'
                           + interval '9 hours' + (k % 24) * interval '30 minutes')
                          at time zone 'Asia/Kolkata' as s) as slot`,
    [psychologistId, patientIds, SESSIONS, TITLE, DESCRIPTION],
  );
}

interface Fetch {
  status: number | string;
  ms: number;
}

it(`a feed of ${SESSIONS.toLocaleString('en-US')} sessions fetched in a loop through two processes leaves /api/health answering`, async () => {
  db = await createDatabase();
  const servers = [
    await startServer({ name: 'A', databaseUrl: db.url }),
    await startServer({ name: 'B', databaseUrl: db.url }),
  ];
  // A third process no feed is fetched from: its health beside the loop is the machine's share.
  const idle = await startServer({ name: 'idle', databaseUrl: db.url });
  const [psychologist] = await seedUsers(db.pool, 'psychologist', 1);
  const patients = await seedUsers(db.pool, 'patient', PATIENTS);
  await seedSessions(
    psychologist!.id,
    patients.map((patient) => patient.id),
  );
  const token = psychologist!.token;
  const { url } = await ok<{ url: string }>(
    request(servers[0]!.url, 'POST', '/api/calendar-feeds/me', { token }),
  );
  // The heavier feed: full names.
  await ok(
    request(servers[0]!.url, 'PATCH', '/api/calendar-feeds/me', {
      token,
      body: { showFullDetails: true },
    }),
  );
  const path = new URL(url).pathname;
  const fetchFeed = (server: ServerProcess, options: { etag?: string; gzip?: boolean } = {}) =>
    attempt(server.url, 'GET', path, {
      headers: {
        accept: 'text/calendar',
        ...(options.gzip ? { 'accept-encoding': 'gzip' } : {}),
        ...(options.etag ? { 'if-none-match': options.etag } : {}),
      },
      timeoutMs: 300_000,
    });

  // The first fetch of each process: the feed as nobody has fetched it yet.
  const first: Record<string, number> = {};
  let etag = '';
  let body = '';
  for (const server of servers) {
    const answer = await fetchFeed(server);
    if (answer instanceof HttpFailure) throw answer;
    expect(answer.status).toBe(200);
    first[server.name] = round(answer.ms);
    etag = String(answer.headers.etag);
    body = String(answer.body);
  }
  const zipped = await fetchFeed(servers[1]!, { gzip: true });
  if (zipped instanceof HttpFailure) throw zipped;
  const gzipEtag = String(zipped.headers.etag);
  const events = new ICAL.Component(ICAL.parse(body) as unknown[]).getAllSubcomponents('vevent');
  expect(events).toHaveLength(SESSIONS);
  expect(body).not.toContain(TITLE);
  expect(body).not.toContain('cannot sleep');

  /** /api/health of both processes in turn, every HEALTH_EVERY_MS until `deadline`. */
  const probe = async (deadline: number, asked = servers) => {
    const checks: Fetch[] = [];
    for (let n = 0; Date.now() < deadline; n += 1) {
      const answer = await attempt(asked[n % asked.length]!.url, 'GET', '/api/health', {
        timeoutMs: 300_000,
      });
      checks.push({
        status: answer instanceof HttpFailure ? answer.code : answer.status,
        ms: answer.ms,
      });
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
    return checks;
  };
  const alone = await probe(Date.now() + HEALTH_ALONE_SECONDS * 1000);

  const full: Fetch[] = [];
  const revalidated: Fetch[] = [];
  const peakRss: Record<string, number> = {};
  const deadline = Date.now() + SECONDS * 1000;
  const sampler = setInterval(() => {
    for (const server of servers) {
      peakRss[server.name] = Math.max(peakRss[server.name] ?? 0, rssMb(server.pid) ?? 0);
    }
  }, 1_000);
  const fetchers = Array.from({ length: FETCHERS }, async (_, index) => {
    const revalidates = index % 2 === 1;
    const gzip = index % 4 >= 2;
    let tag = gzip ? gzipEtag : etag;
    for (let n = index; Date.now() < deadline; n += 1) {
      const answer = await fetchFeed(servers[n % 2]!, {
        gzip,
        ...(revalidates ? { etag: tag } : {}),
      });
      if (!(answer instanceof HttpFailure) && answer.headers.etag) tag = answer.headers.etag;
      (revalidates ? revalidated : full).push({
        status: answer instanceof HttpFailure ? answer.code : answer.status,
        ms: answer.ms,
      });
    }
  });
  const [health, control] = await Promise.all([
    probe(deadline),
    probe(deadline, [idle]),
    ...fetchers,
  ]);
  clearInterval(sampler);

  const statuses = (fetches: Fetch[]) => [...new Set(fetches.map((fetch) => fetch.status))];
  const latency = (fetches: Fetch[]) => {
    const ms = fetches.map((fetch) => fetch.ms);
    return {
      count: fetches.length,
      p50Ms: round(percentile(ms, 50)),
      p99Ms: round(percentile(ms, 99)),
      maxMs: round(Math.max(...ms)),
    };
  };
  report('feed-loop', {
    sessions: SESSIONS,
    seconds: SECONDS,
    fetchers: FETCHERS,
    feedBytes: Buffer.byteLength(body),
    gzipBytes: Number(zipped.headers['content-length']),
    firstFetchMs: first,
    full: latency(full),
    revalidated: latency(revalidated),
    healthAlone: latency(alone),
    health: latency(health),
    healthOfIdleProcess: latency(control),
    loadAverage: loadavg().map((load) => round(load, 2)),
    peakRssMb: Object.fromEntries(Object.entries(peakRss).map(([name, mb]) => [name, round(mb)])),
  });
  expect(statuses(full)).toEqual([200]);
  expect(statuses(revalidated)).toEqual([304]);
  expect(statuses([...alone, ...health, ...control])).toEqual([200]);
  expect(Math.max(...health.map((check) => check.ms))).toBeLessThan(HEALTH_BOUND_MS);
});
