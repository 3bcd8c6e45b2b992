import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

/** A subscription to PostgreSQL notifications (LISTEN). */
export interface ChangeFeed {
  /** True while notifications are being received; anything cached on their strength is valid only then. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  /** A notification on one of the channels. */
  notify(channel: string, payload: string): void;
  /** Notifications may have been missed (the connection was lost, or is back): forget everything. */
  reset(): void;
  /** A problem worth logging (the feed keeps retrying by itself). */
  error(error: Error): void;
}

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /**
   * Listens on `channels`. PostgreSQL: on a dedicated connection, reconnected with back-off whenever it
   * is lost (the first attempt is awaited; failing, it retries in the background). PGlite: in-process.
   */
  listen(channels: string[], handlers: ChangeHandlers): Promise<ChangeFeed>;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** Number of applied migrations; throws when the database cannot be reached. */
  schemaVersion(): Promise<number>;
  /** PGlite only: its whole data directory as a tarball, which `copyOf` opens again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Works from the source tree (src/db) and from the bundle (dist), which carries a copy. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Fail fast when PostgreSQL cannot be reached, so requests answer 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * Wait this long for a busy pool: a burst of 200 patients on one slot keeps 10 connections busy for
 * seconds on a small machine, and each of them should hear "taken", not "unavailable".
 */
const QUEUE_TIMEOUT_MS = 15_000;

/** Migrations of two processes starting at once must not interleave. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      onPoolError?: (error: Error) => void;
      /** How long opening one connection may take before it counts as PostgreSQL unreachable. */
      connectTimeoutMs?: number;
      /** How long a query may wait for a pooled connection while all of them are busy. */
      queueTimeoutMs?: number;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from a copy of another PGlite's data (its `dumpDataDir()`), kept in memory. */
      copyOf?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

/** Rows of a raw `db.execute`, which both drivers return as `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Runs INSERTs, UPDATEs or DELETEs as one statement (data-modifying CTEs, each run once and to the
 * end whether or not anything reads it): one round trip, and one atomic step, since a statement that
 * fails (say, on an exclusion constraint) leaves none of its parts written. The parts all see the
 * data as it was before the statement: two of them must never change the same row (which one wins is
 * not defined), nor may one read what another writes.
 */
export async function writeTogether(db: Database, statements: SQL[]): Promise<void> {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await db.execute(statements[0]!);
    return;
  }
  const parts = statements.map(
    (statement, index) => sql`${sql.raw(`w${index}`)} as (${statement})`,
  );
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

async function schemaVersion(db: Database): Promise<number> {
  const rows = await queryRows<{ applied: string }>(
    db,
    sql`select count(*)::text as applied from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.applied ?? 0);
}

/**
 * The most statement texts given a name (below); past it, a new text runs unnamed, as all did before.
 * A prepared statement and its plan took 15 kB of a PostgreSQL connection's memory on average (43
 * of them 0.63 MB after holds and reads; the slot check's alone 0.13 MB), so 500 cap a connection
 * near 7.5 MB. The bound also keeps a text made anew each time (a list of ids written into it) from
 * filling each connection with statements never used again.
 */
export const NAMED_STATEMENTS_LIMIT = 500;
/** Each statement text's name, the same on every connection of the process. */
const statementNames = new Map<string, string>();

const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'bigint', 'undefined']);

/** A value node-postgres sends without a conversion that could fail. */
function isPlainValue(value: unknown): boolean {
  if (value === null || PLAIN_TYPES.has(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainValue);
  return value instanceof Date || Buffer.isBuffer(value);
}

/**
 * Names a query that has parameters after its text, so node-postgres prepares it once per connection
 * and then only binds and executes it. Unnamed, PostgreSQL parsed and planned every statement again on
 * every execution: for a hold, 2.0 of the 3.6 ms its statements cost the server (the slot check alone
 * took 1.0-2.5 ms to plan and 0.1 to run). A named statement is parsed once, and after five runs
 * PostgreSQL keeps a generic plan when it costs no more than planning each time
 * (`plan_cache_mode = auto`). Statements without parameters (BEGIN, COMMIT) keep the simple protocol.
 * Behind a pooler this needs session pooling, which LISTEN already needs (docs/deployment.md).
 */
export function withStatementName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  // A Query or cursor object of node-postgres's own is passed through as it is.
  if (typeof query.submit === 'function') return config;
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  // Drizzle passes the values beside the text; other callers may put them in it.
  const parameters = values ?? query.values;
  if (!Array.isArray(parameters) || parameters.length === 0) return config;
  // node-postgres converts other values (objects, as JSON) only after it has announced the name; one
  // that fails to convert would leave that name unprepared on the connection for good.
  if (!parameters.every(isPlainValue)) return config;
  const text = query.text;
  let named = statementNames.get(text);
  if (named === undefined) {
    if (statementNames.size >= NAMED_STATEMENTS_LIMIT) return config;
    named = `sukoon_${statementNames.size + 1}`;
    statementNames.set(text, named);
  }
  return { ...config, name: named };
}

function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): DatabaseHandle {
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // pg-pool has one timeout for two waits: for a busy pool to hand over a connection, and for a new
  // connection to open. The first is load (a burst of bookings on one calendar), the second is
  // PostgreSQL unreachable: each client therefore gets the short timeout to connect, and the pool the
  // longer one for its queue. Either way a request that runs out of time answers 503.
  class Client extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      // Every statement with parameters runs as a named prepared statement (`withStatementName`).
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((statement: unknown, values: unknown, ...rest: unknown[]) =>
        query(withStatementName(statement, values), values, ...rest)) as typeof this.query;
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    Client,
    connectionTimeoutMillis: options.queueTimeoutMs ?? QUEUE_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // A client whose server went away emits 'error'; unhandled, that would crash the process. The pool
  // listens on idle clients only, not on one checked out for a transaction, which PostgreSQL may end
  // between two statements (a restart, a failover, an administrator): so every client gets a listener
  // of its own, the statement that uses it next fails (a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  // The pool's copy of an idle client's error, already reported by the listener above.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    schemaVersion: () => schemaVersion(db),
    listen: (channels, handlers) =>
      listenPostgres(options.url, connectTimeoutMs, channels, handlers),
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to others between queries). */
async function listenPostgres(
  url: string,
  connectTimeoutMs: number,
  channels: string[],
  handlers: ChangeHandlers,
): Promise<ChangeFeed> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let retry: NodeJS.Timeout | null = null;

  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = null;
    handlers.reset();
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    next.on('notification', (message) => handlers.notify(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      handlers.error(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel.replaceAll('"', '')}"`);
    } catch (error) {
      handlers.error(error as Error);
      await next.end().catch(() => {});
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 1_000;
    // Whatever was cached before this connection listened may have changed unseen.
    handlers.reset();
  }

  await connect();
  return {
    get live() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

async function openPglite({
  dataDir,
  copyOf,
}: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  // Without a directory PGlite keeps everything in memory (used by tests).
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(copyOf ? { loadDataDir: copyOf } : {}),
    extensions: { btree_gist },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    schemaVersion: () => schemaVersion(db),
    dumpDataDir: async () => client.dumpDataDir('none'),
    async listen(channels, handlers) {
      // In one process every write goes through this client: notifications cannot be missed.
      const stops = await Promise.all(
        channels.map((channel) =>
          client.listen(channel, (payload) => handlers.notify(channel, payload)),
        ),
      );
      let live = true;
      return {
        get live() {
          return live;
        },
        async close() {
          live = false;
          await Promise.all(stops.map((stop) => stop()));
        },
      };
    },
    close: () => client.close(),
  };
}
