import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors';
import { openDatabase, queryRows, type DatabaseHandle } from './client';

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
function messages(error: unknown): string[] {
  const found: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    found.push(current.message);
  }
  return found;
}

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
