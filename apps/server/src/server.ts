import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DEMO_PATIENT, DEMO_PSYCHOLOGIST, ensureDemoData } from './db/seed';
import { EnvError, loadEnv, type Env } from './env';
import { createCodesService } from './modules/codes/codes-service';

function open(env: Env): Promise<DatabaseHandle> {
  return openDatabase(
    env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          onPoolError: (error) => console.warn(`database: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: env.PGLITE_DIR },
  );
}

/** Migrations and seed data: once per start, by the only process or by the cluster's primary. */
async function prepare(env: Env, database: DatabaseHandle) {
  await database.migrate();
  if (env.DEMO) await ensureDemoData(database.db);
  for (const code of env.SEED_INSTITUTION_CODE ?? []) {
    await createCodesService(database.db).seed(code);
  }
}

/**
 * One server process: the whole app on the port. In a cluster each worker runs this (without the
 * migrations, which the primary ran before forking) and the primary hands it connections.
 */
async function runServer(env: Env) {
  const database = await open(env);
  if (cluster.isPrimary) await prepare(env, database);
  const app = await buildApp({ env, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // New connections are refused at once; requests already accepted run to the end, then the
    // background workers finish their current run (their onClose hooks) and the pool is closed.
    app.log.info(`${signal}: finishing in-flight requests`);
    // Connections idle now are closed by server.close(); these are the ones that become idle later
    // (an answer whose headers left before the signal).
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    const grace = setTimeout(() => {
      app.log.error(
        `${signal}: still busy after SHUTDOWN_GRACE_SECONDS=${env.SHUTDOWN_GRACE_SECONDS}; exiting with work unfinished`,
      );
      process.exit(1);
    }, env.SHUTDOWN_GRACE_SECONDS * 1000);
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, `${signal}: shutdown failed`);
      process.exit(1);
    }
    clearTimeout(grace);
    clearInterval(reaper);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  if (cluster.isWorker) {
    app.log.debug(`worker ${process.pid} is listening`);
    return;
  }
  const where =
    database.driver === 'pglite' ? `embedded PGlite in ${env.PGLITE_DIR}` : 'PostgreSQL';
  app.log.info(`Sukoon is ready on ${env.publicUrl} (database: ${where})`);
  if (app.mailer.devMailbox) {
    app.log.info(`No SMTP_URL: email goes to the dev mailbox at ${env.publicUrl}/dev/mailbox`);
  }
  if (env.DEMO) {
    app.log.info(
      `Demo sign-ins (password ${DEMO_PSYCHOLOGIST.password}): psychologist ${DEMO_PSYCHOLOGIST.email}, patient ${DEMO_PATIENT.email}`,
    );
  }
}

/** Restarts after failed starts back off exponentially up to this. */
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * WEB_CONCURRENCY > 1: this process migrates and seeds once, forks the workers (which share the port
 * through node:cluster), replaces a worker that dies, and on SIGTERM/SIGINT asks every worker to drain
 * and exits when all have (0 only if every worker drained cleanly).
 */
async function runPrimary(env: Env) {
  const log = pino({ level: env.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } });
  const database = await open(env);
  try {
    await prepare(env, database);
  } finally {
    await database.close();
  }

  /** Workers that have not listened yet: dying then is a failed start, and restarts back off. */
  const starting = new Set<Worker>();
  let failedStarts = 0;
  let stopping = false;
  let failedExits = 0;
  const alive = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    starting.add(worker);
  };

  let listening = 0;
  cluster.on('listening', (worker) => {
    starting.delete(worker);
    failedStarts = 0;
    log.info({ worker: worker.process.pid }, 'worker listening');
    listening += 1;
    if (listening === env.WEB_CONCURRENCY) {
      log.info(
        `Sukoon is ready on ${env.publicUrl} (database: PostgreSQL, ${env.WEB_CONCURRENCY} worker processes)`,
      );
      if (env.DEMO) {
        log.info(
          `Demo sign-ins (password ${DEMO_PSYCHOLOGIST.password}): psychologist ${DEMO_PSYCHOLOGIST.email}, patient ${DEMO_PATIENT.email}`,
        );
      }
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const failedStart = starting.delete(worker);
    if (stopping) {
      // A worker still starting had no requests to drain; the signal simply ended its start.
      if (code !== 0 && !(failedStart && signal === 'SIGTERM')) {
        failedExits += 1;
        log.error({ worker: worker.process.pid, code, signal }, 'a worker did not drain cleanly');
      }
      if (alive.size === 0) {
        log.info(`all workers stopped${failedExits ? ` (${failedExits} did not drain)` : ''}`);
        process.exit(failedExits ? 1 : 0);
      }
      return;
    }
    // A worker that could not even start (the database unreachable, say) would fail again at once.
    failedStarts = failedStart ? failedStarts + 1 : 0;
    const delay = failedStarts ? Math.min(1000 * 2 ** (failedStarts - 1), MAX_RESTART_DELAY_MS) : 0;
    log.error(
      { worker: worker.process.pid, code, signal, restartInMs: delay },
      'a worker died; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: asking ${alive.size} workers to finish in-flight requests`);
    if (alive.size === 0) process.exit(0);
    // Each worker drains with its own grace period; this is only the backstop if one hangs.
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(
      () => {
        log.error(`${signal}: workers still running after the grace period; killing them`);
        for (const worker of alive) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      (env.SHUTDOWN_GRACE_SECONDS + 5) * 1000,
    ).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  for (let index = 0; index < env.WEB_CONCURRENCY; index += 1) fork();
}

async function main() {
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) await runPrimary(env);
  else await runServer(env);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Sukoon could not start:', error);
  }
  process.exit(1);
});
