/** What every benchmark needs: a throwaway database, listening apps, autocannon runs and a baseline. */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { cpuAccount } from './cpu-account';

export const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server, migrated; `drop()` removes it. */
export async function throwawayDatabase(poolSize = 10) {
  const name = `sukoon_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database: DatabaseHandle = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize,
  });
  await database.migrate();
  const drop = async () => {
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  };
  return { database, url: url.toString(), drop };
}

/**
 * PostgreSQL's own write benchmark on the same server, in the same run: `pgbench -N` (the TPC-B-like
 * transaction without the two contended updates, so it measures the server and its disk, not one hot
 * row) with as many clients as the API's runs, on a scale-10 database of its own. What a write
 * endpoint reaches is read as a share of this (issue 19).
 */
export async function pgbenchTps(clients = CONNECTIONS, seconds = SECONDS) {
  const name = `sukoon_pgbench_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  const connection = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    ...(url.username ? ['-U', decodeURIComponent(url.username)] : []),
  ];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: url.password } : {}) };
  const run = promisify(execFile);
  try {
    await run('pgbench', ['-i', '-q', '-s', '10', ...connection, name], { env });
    const account = cpuAccount(null);
    const { stdout } = await run(
      'pgbench',
      [
        '-N',
        '-n',
        '-c',
        String(clients),
        '-j',
        String(Math.min(clients, cpus().length)),
        '-T',
        String(seconds),
        ...connection,
        name,
      ],
      { env },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const done = /number of transactions actually processed: (\d+)/.exec(stdout);
    if (!tps || !done) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Number(tps[1]), cpu: account?.finish(Number(done[1])) ?? null };
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

export async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

type Request = NonNullable<autocannon.Options['requests']>[number];

/** One autocannon run; any non-2xx answer or error fails the benchmark rather than flattering it. */
export async function measure(
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /**
     * A new body, and headers to add, for every request (a hold on a new slot each time, by the
     * next of many patients: one patient may hold only two slots at once).
     */
    next?: () => { body: string; headers?: Record<string, string> };
    seconds?: number;
    /** The status every answer must have: 2xx by default, 304 for a revalidation. */
    status?: '2xx' | 304;
    /** Connections at once (CONNECTIONS by default; 1 for the latency of one request alone). */
    connections?: number;
  } = {},
): Promise<Measurement> {
  const next = options.next;
  const requests: Request[] | undefined = next
    ? [
        {
          setupRequest: (request) => {
            const made = next();
            return {
              ...request,
              body: made.body,
              headers: { ...request.headers, ...made.headers },
            };
          },
        },
      ]
    : undefined;
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    connections: options.connections ?? CONNECTIONS,
    duration: options.seconds ?? SECONDS,
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    // The load comes from a worker thread, so this thread serves alone; a body made per request
    // needs a function, which cannot cross to a worker, so those runs share this thread.
    ...(requests ? { requests } : { workers: 1 }),
  });
  const wanted = options.status ?? '2xx';
  const unwanted =
    wanted === 304
      ? result['2xx'] + result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0)
      : result.non2xx;
  if (unwanted > 0 || result.errors > 0) {
    throw new Error(`${url}: ${unwanted} answers other than ${wanted}, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

export interface Comparison {
  api: Measurement;
  bare: Measurement;
  /** api / bare of every round, lowest first. */
  roundRatios: number[];
}

/**
 * The endpoint and its baseline measured in turn, ROUNDS times, keeping the round whose ratio is the
 * median: other work on the machine that slows one run for a few seconds then moves one round, not
 * the figure, and neither side always runs on a warmer or a busier machine than the other.
 */
export async function compareInTurns(
  api: () => Promise<Measurement>,
  bare: () => Promise<Measurement>,
): Promise<Comparison> {
  const rounds: { api: Measurement; bare: Measurement; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const ours = await api();
    const baseline = await bare();
    rounds.push({ api: ours, bare: baseline, ratio: ours.rps / baseline.rps });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const median = rounds[Math.floor((rounds.length - 1) / 2)]!;
  return { api: median.api, bare: median.bare, roundRatios: rounds.map((r) => r.ratio) };
}

/**
 * The baseline: a bare Fastify server (no plugins, no hooks, no database) answering each key with
 * the exact bytes the real endpoint sent, from memory; POST routes parse the JSON body first.
 */
export async function bareServer() {
  const payloads = new Map<string, string>();
  const app = Fastify({ logger: false });
  const send = (key: string) => payloads.get(key) ?? '{}';
  app.get('/bare/:key', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(send((request.params as { key: string }).key)),
  );
  // A revalidation that matched: no body.
  app.get('/bare-304', async (_request, reply) => reply.code(304).send());
  app.post('/bare/:key', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(send((request.params as { key: string }).key)),
  );
  const url = await listen(app);
  return {
    app,
    notModifiedUrl: `${url}/bare-304`,
    /** Registers the payload for a key and returns its URL. */
    route(key: string, payload: string) {
      payloads.set(key, payload);
      return `${url}/bare/${key}`;
    },
  };
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Writes the run's figures to bench-results/ (git-ignored): one file per run and latest.json. */
export async function writeResults(results: unknown) {
  await mkdir('bench-results', { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  const text = `${JSON.stringify(results, null, 2)}\n`;
  await writeFile(`bench-results/bench-${stamp}.json`, text);
  await writeFile('bench-results/latest.json', text);
  return `bench-results/bench-${stamp}.json`;
}
