import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { count, createDatabase, type TestDatabase } from './harness/database';
import { attempt, HttpFailure } from './harness/http';
import {
  childPids,
  isAlive,
  killAllServers,
  report,
  startServer,
  waitFor,
} from './harness/processes';

/** WEB_CONCURRENCY: the primary prepares the database once, forks, replaces dead workers, drains. */

let db: TestDatabase | undefined;
const dirs: string[] = [];
afterEach(killAllServers);
afterAll(async () => {
  await db?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('refuses WEB_CONCURRENCY > 1 without DATABASE_URL, saying why', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sukoon-pglite-'));
  dirs.push(dir);
  const server = await startServer({
    name: 'pglite-cluster',
    waitReady: false,
    env: { WEB_CONCURRENCY: '2', DATABASE_URL: undefined, PGLITE_DIR: dir },
  });
  const exit = await server.exited;
  expect(exit.code).toBe(1);
  expect(server.output()).toContain('WEB_CONCURRENCY: 2 server processes need DATABASE_URL');
});

it('WEB_CONCURRENCY=2: one migration and seed, a killed worker is replaced, SIGTERM stops all', async () => {
  db = await createDatabase();
  const primary = await startServer({
    name: 'cluster',
    databaseUrl: db.url,
    // Info level: the primary logs each worker that starts listening.
    env: {
      WEB_CONCURRENCY: '2',
      DEMO: 'true',
      SEED_INSTITUTION_CODE: 'RELIABILITY-2026',
      LOG_LEVEL: 'info',
    },
  });
  const listening = (pid: number) =>
    primary.output().includes(`"worker":${pid},"msg":"worker listening"`);
  const workers = await waitFor('two workers listening', () => {
    const pids = childPids(primary.pid);
    return pids.length === 2 && pids.every(listening) ? pids : undefined;
  });
  // The primary migrated and seeded before forking; the workers did neither.
  expect(
    await count(db.pool, `select count(*) as n from users where email like 'demo.%@sukoon.test'`),
  ).toBe(2);
  expect(await count(db.pool, `select count(*) as n from institution_codes`)).toBe(1);

  // One client keeps asking while a worker is killed: at most its one request in flight can fail.
  let asking = true;
  const outcomes: Array<number | string> = [];
  const client = (async () => {
    while (asking) {
      const answer = await attempt(primary.url, 'GET', '/api/health', { timeoutMs: 5_000 });
      outcomes.push(answer instanceof HttpFailure ? answer.code : answer.status);
    }
  })();
  const killed = workers[0]!;
  const killedAt = Date.now();
  process.kill(killed, 'SIGKILL');
  const replaced = await waitFor('a new worker', () => {
    const pids = childPids(primary.pid);
    return pids.length === 2 && !pids.includes(killed) ? pids : undefined;
  });
  const replacedAfterMs = Date.now() - killedAt;
  const newWorker = replaced.find((pid) => !workers.includes(pid))!;
  await waitFor('the new worker to listen', () => listening(newWorker));
  const listeningAfterMs = Date.now() - killedAt;
  // A worker that had been serving is replaced at once (only failed starts back off).
  expect(primary.output()).toContain('"restartInMs":0,"msg":"a worker died; starting another"');
  // Twenty more answers, which the round robin spreads over both workers, the new one included.
  const mark = outcomes.length;
  await waitFor('20 more answers', () => outcomes.length >= mark + 20);
  asking = false;
  await client;
  const failed = outcomes.filter((outcome) => outcome !== 200);
  expect(failed.length).toBeLessThanOrEqual(1);
  expect(primary.output()).toContain('a worker died; starting another');

  primary.kill('SIGTERM');
  const exit = await primary.exited;
  expect(exit).toMatchObject({ code: 0, signal: null });
  for (const pid of replaced) expect(isAlive(pid)).toBe(false);

  report('cluster', {
    workers: 2,
    replacedAfterMs,
    newWorkerListeningAfterMs: listeningAfterMs,
    healthRequestsDuringRestart: outcomes.length,
    failedDuringRestart: failed,
    exitCode: exit.code,
  });
});
