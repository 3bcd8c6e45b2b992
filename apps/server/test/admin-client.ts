import pg from 'pg';

/**
 * One connection to the PostgreSQL server at `url`, for creating and dropping databases (the server's
 * tests, their migrated template and the reliability suite's databases).
 */
export async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server `serverUrl` points to. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
