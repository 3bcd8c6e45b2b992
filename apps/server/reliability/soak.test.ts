import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { addIsoDays, localDateOf } from '@sukoon/shared';
import { createDatabase, SEED_PASSWORD, seedUsers, type TestDatabase } from './harness/database';
import { round } from './harness/http';
import { killAllServers, report, ROOT, rssMb, startServer, waitFor } from './harness/processes';
import { startSmtpReceiver, type SmtpReceiver } from './harness/smtp-receiver';
import { invariants, outboxMessageIds, slotStarts, sound } from './harness/sukoon';
import type { summarize, TrafficPlan } from './harness/traffic';

/**
 * A few minutes of mixed traffic from a second process on loopback (reads, sign-ins, holds released
 * again, whole bookings with their emails) at a steady, sustainable rate. The server's resident
 * memory is read from /proc every 2 s. Asserted: no 5xx, no 4xx, no connection errors, memory flat
 * after warm-up, every email sent once. Reported (and written to reliability-results/soak.json):
 * requests, p50/p99, memory at start and end.
 *
 * SOAK_SECONDS (default 180) and SOAK_ACTIONS_PER_SECOND (default 30) change the run.
 */

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const ACTIONS_PER_SECOND = Number(process.env.SOAK_ACTIONS_PER_SECOND ?? 30);
const LOOPS = 16;
const PSYCHOLOGISTS = 8;
/** Start-up, JIT and the pools filling up: not part of the flatness comparison. */
const WARM_UP_MS = 30_000;
const SAMPLE_MS = 2_000;
/**
 * "Flat": after the warm-up, the median RSS of the last third of the samples is at most 20% and at
 * most 30 MB above the first third's. Medians, not single samples, because V8's heap is a sawtooth:
 * with this paced load (the same request rate on any machine that keeps up) the RSS climbs for about
 * 80 s until the first full collection, then stays within a few MB; a medians' comparison over thirds
 * is insensitive to where the teeth fall. A leak of 1 kB per request (~45 requests/s, ~2.7 MB a
 * minute) would not fail it within three minutes, so the least-squares slope of the steady part is
 * reported too, to be watched across runs. Runs shorter than MIN_SECONDS_FOR_MEMORY only report.
 */
const MAX_GROWTH_RATIO = 1.2;
const MAX_GROWTH_MB = 30;
const MIN_SECONDS_FOR_MEMORY = 120;

let db: TestDatabase | undefined;
let smtp: SmtpReceiver | undefined;
let workDir: string | undefined;
afterEach(killAllServers);
afterAll(async () => {
  await smtp?.stop();
  await db?.drop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Least-squares slope of RSS over time, in MB per minute. */
function slopeMbPerMinute(samples: Array<{ t: number; mb: number }>) {
  const n = samples.length;
  const meanT = samples.reduce((sum, s) => sum + s.t, 0) / n;
  const meanMb = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.t - meanT) * (s.mb - meanMb), 0);
  const variance = samples.reduce((sum, s) => sum + (s.t - meanT) ** 2, 0);
  return variance ? (covariance / variance) * 60_000 : 0;
}

it(`soak: ${SECONDS} s of mixed traffic from a second process, no errors, memory flat`, async () => {
  db = await createDatabase();
  smtp = await startSmtpReceiver();
  const server = await startServer({
    name: 'soak',
    databaseUrl: db.url,
    env: { SMTP_URL: smtp.url },
  });

  const psychologists = await seedUsers(db.pool, 'psychologist', PSYCHOLOGISTS);
  const patients = await seedUsers(db.pool, 'patient', LOOPS);
  const starts = slotStarts(2, 60);
  const today = localDateOf(new Date(), 'Asia/Kolkata');
  const perPsychologist = LOOPS / PSYCHOLOGISTS;
  const plan: TrafficPlan = {
    url: server.url,
    password: SEED_PASSWORD,
    loops: patients.map((patient, index) => {
      // Loops sharing a psychologist take interleaved slots, so none of them ever collide.
      const share = Math.floor(index / PSYCHOLOGISTS);
      const own = starts.filter((_, slot) => slot % perPsychologist === share);
      return {
        patient,
        psychologistId: psychologists[index % PSYCHOLOGISTS]!.id,
        holdSlot: own[0]!.toISOString(),
        bookingSlots: own.slice(1).map((start) => start.toISOString()),
      };
    }),
    from: addIsoDays(today, 1),
    to: addIsoDays(today, 7),
    actionsPerSecond: ACTIONS_PER_SECOND,
    durationMs: SECONDS * 1000,
    mix: {
      availability: 35,
      events: 15,
      psychologists: 10,
      health: 5,
      login: 5,
      hold: 15,
      book: 15,
    },
  };
  workDir = mkdtempSync(path.join(tmpdir(), 'sukoon-soak-'));
  const planFile = path.join(workDir, 'plan.json');
  const resultFile = path.join(workDir, 'result.json');
  writeFileSync(planFile, JSON.stringify(plan));

  const samples: Array<{ t: number; mb: number }> = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const mb = rssMb(server.pid);
    if (mb !== null) samples.push({ t: Date.now() - started, mb });
  }, SAMPLE_MS);
  const generator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'apps/server/reliability/load-generator.ts'),
      planFile,
      resultFile,
    ],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const generatorExit = await new Promise<number | null>((resolve) =>
    generator.once('exit', resolve),
  );
  clearInterval(sampler);
  expect(generatorExit).toBe(0);
  const load = JSON.parse(readFileSync(resultFile, 'utf8')) as {
    summary: ReturnType<typeof summarize>;
    failures: Array<{ step: string; status: number; code?: string; failure?: string }>;
    windows: Array<ReturnType<typeof summarize> & { fromS: number }>;
    booked: number;
    releasedHolds: number;
    openHolds: number;
    openPayments: number;
  };

  const steady = samples.filter((sample) => sample.t >= WARM_UP_MS);
  const third = Math.floor(steady.length / 3);
  const firstThird = median(steady.slice(0, third).map((s) => s.mb));
  const lastThird = median(steady.slice(-third).map((s) => s.mb));

  // The emails of every booking go out, once each; the money and booking rules hold.
  const settleStarted = Date.now();
  const settled = await waitFor(
    'mail and refunds to be done',
    async () => {
      const found = await invariants(db!.pool);
      return Object.values(found.eventual).every((list) => list.length === 0) ? found : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  const outboxDrainedAfterMs = Date.now() - settleStarted;
  const expected = await outboxMessageIds(db.pool);
  const received = smtp.countsByMessageId();

  // The figures first, so that a failed run can be looked at too.
  report('soak', {
    seconds: SECONDS,
    actionsPerSecond: ACTIONS_PER_SECOND,
    requests: load.summary.requests,
    requestsPerSecond: round(load.summary.requests / SECONDS),
    byStep: load.summary.byStep,
    errors: load.failures.length,
    p50Ms: load.summary.p50Ms,
    p90Ms: load.summary.p90Ms,
    p99Ms: load.summary.p99Ms,
    maxMs: load.summary.maxMs,
    bookings: load.booked,
    holdsReleased: load.releasedHolds,
    emailsQueued: expected.size,
    outboxDrainedAfterMs,
    memoryChecked: SECONDS >= MIN_SECONDS_FOR_MEMORY,
    rssMb: {
      start: round(samples[0]?.mb ?? 0),
      afterWarmUp: round(steady[0]?.mb ?? 0),
      firstThirdMedian: round(firstThird),
      lastThirdMedian: round(lastThird),
      end: round(samples.at(-1)?.mb ?? 0),
      max: round(Math.max(...samples.map((s) => s.mb))),
      slopeAfterWarmUpMbPerMin: round(slopeMbPerMinute(steady), 2),
    },
    windows: load.windows.map(({ fromS, requests, p50Ms, p99Ms }) => ({
      fromS,
      requests,
      p50Ms,
      p99Ms,
    })),
    rssSamples: samples.map(({ t, mb }) => [round(t / 1000), round(mb)]),
  });

  // No 5xx, no 4xx, no connection errors: every request of the run succeeded.
  expect(load.failures.slice(0, 20)).toEqual([]);
  expect(load.openHolds + load.openPayments).toBe(0);
  expect(server.hasExited()).toBe(false);
  // Memory flat after warm-up.
  if (SECONDS >= MIN_SECONDS_FOR_MEMORY) {
    expect(lastThird).toBeLessThanOrEqual(firstThird * MAX_GROWTH_RATIO);
    expect(lastThird - firstThird).toBeLessThanOrEqual(MAX_GROWTH_MB);
  }
  expect(sound(settled)).toBe(true);
  expect([...expected.values()].filter((id) => received.get(id) !== 1)).toEqual([]);
  expect(expected.size).toBe(2 * load.booked);
});
