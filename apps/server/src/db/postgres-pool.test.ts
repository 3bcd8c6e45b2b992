import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorChain, isDatabaseUnavailable } from './errors';
import {
  NAMED_STATEMENTS_LIMIT,
  openDatabase,
  queryRows,
  withStatementName,
  type DatabaseHandle,
} from './client';

/** Runs `work` and returns what it threw (failing the test when it did not throw). */
async function thrown(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** Every message in an error's chain of causes. */
const messages = (error: unknown) => errorChain(error).map((current) => current.message);

/** Holds the pool's one connection in a transaction for `seconds`. */
function occupy(handle: DatabaseHandle, seconds: number) {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_sleep(${seconds})`);
  });
}

describe('opening a PostgreSQL connection that never answers', () => {
  // A server that accepts the connection and says nothing, like a host whose PostgreSQL hangs.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  beforeAll(() => new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        silent.close(() => resolve());
      }),
  );

  it('gives up after the connect timeout, as the database unreachable (a 503)', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      connectTimeoutMs: 200,
      queueTimeoutMs: 60_000,
    });
    try {
      const error = await thrown(() => queryRows(handle.db, sql`select 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The client's own connect timer ended it ('timeout expired'), not the pool's queue timer.
      expect(messages(error)).toContain('timeout expired');
      expect(messages(error).join(' | ')).not.toMatch(/timeout exceeded when trying to connect/);
    } finally {
      await handle.close();
    }
  });

  it('gives the connection that listens for changes the same connect timeout', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      connectTimeoutMs: 200,
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const errors: Error[] = [];
      const listening = handle.listen(['changes'], {
        notify: () => {},
        reset: () => {},
        error: (error) => errors.push(error),
      });
      // Past this connection's 200 ms but far short of the 3 s default it used to be given.
      await vi.advanceTimersByTimeAsync(250);
      expect(errors.map((error) => error.message)).toEqual(['timeout expired']);
      const feed = await listening;
      expect(feed.live).toBe(false);
      await feed.close();
    } finally {
      vi.useRealTimers();
      await handle.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a busy pool on PostgreSQL', () => {
  const url = process.env.DATABASE_URL!;

  it('keeps a query waiting for a busy pool longer than the 3 s it gives a connection to open', async () => {
    // The defaults, as the server opens its pool: with one 3 s limit for both waits, this failed.
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const busy = occupy(handle, 3.5);
      // Queued behind a transaction that holds the only connection longer than the connect timeout.
      const rows = await queryRows<{ one: number }>(handle.db, sql`select 1 as one`);
      await busy;
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('answers a query still queued after the queue timeout as unavailable (a 503)', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      url,
      poolSize: 1,
      connectTimeoutMs: 3_000,
      queueTimeoutMs: 200,
    });
    try {
      const busy = occupy(handle, 1);
      const error = await thrown(() => queryRows(handle.db, sql`select 1`));
      await busy;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(messages(error).join(' | ')).toMatch(/timeout exceeded when trying to connect/);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('statements on PostgreSQL', () => {
  const url = process.env.DATABASE_URL!;

  /** The statements prepared on the pool's one connection, by their text. */
  async function prepared(handle: DatabaseHandle) {
    const rows = await queryRows<{ statement: string }>(
      handle.db,
      sql`select statement from pg_prepared_statements`,
    );
    return rows.map((row) => row.statement);
  }

  it('prepares a statement with parameters once on a connection and runs it again by name', async () => {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const twice = (value: number) =>
        queryRows<{ next: number }>(handle.db, sql`select ${value}::int + 1 as next`);
      expect(await twice(1)).toEqual([{ next: 2 }]);
      // Different values, the same text: the answers follow the values, never the first run's.
      expect(await twice(41)).toEqual([{ next: 42 }]);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${'in a transaction'}::text as words`);
      });
      const statements = await prepared(handle);
      expect(statements.filter((text) => text === 'select $1::int + 1 as next')).toHaveLength(1);
      expect(statements).toContain('select $1::text as words');
      // Without parameters a statement keeps the simple protocol, unprepared (BEGIN, COMMIT).
      expect(statements.some((text) => /^(begin|commit)/i.test(text))).toBe(false);
      expect(statements.some((text) => text.includes('pg_prepared_statements'))).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

describe('naming statements', () => {
  it('names at most NAMED_STATEMENTS_LIMIT texts; past it a new text runs unnamed', () => {
    const named = (text: string) => (withStatementName({ text }, [1]) as { name?: string }).name;
    const first = named('select $1 as kept');
    expect(first).toMatch(/^sukoon_\d+$/);
    expect(named('select $1 as kept')).toBe(first);
    for (let index = 0; index < NAMED_STATEMENTS_LIMIT; index += 1) named(`select $1 + ${index}`);
    expect(named('select $1 as one too many')).toBeUndefined();
    // A text named before still runs by its name.
    expect(named('select $1 as kept')).toBe(first);
    // A caller's own name, and a text without values, are left as they are.
    expect(withStatementName({ text: 'select $1', name: 'mine' }, [1])).toEqual({
      text: 'select $1',
      name: 'mine',
    });
    expect(withStatementName({ text: 'select 1' }, [])).toEqual({ text: 'select 1' });
    // Values node-postgres must convert first (an object, as JSON) run a named text unnamed: a
    // conversion that failed after the name was announced would leave it unprepared for good.
    expect(
      (withStatementName({ text: 'select $1 as kept' }, [{ a: 1 }]) as { name?: string }).name,
    ).toBeUndefined();
    expect(named('select $1 as kept')).toBe(first);
  });
});
