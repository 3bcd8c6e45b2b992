import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../src/modules/auth/passwords';
import { hashSecretToken } from '../../src/lib/secret-tokens';
import { databaseUrl, withAdminClient } from '../../test/admin-client';

/** The PostgreSQL server the suite runs against (the script refuses to start without it). */
export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a PostgreSQL server (see docs/reliability.md)');
  return url;
}

export interface TestDatabase {
  name: string;
  url: string;
  /** The test's own connections, for setup and for checking invariants with SQL. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, empty database on `serverUrl` (the server process migrates it at start). */
export async function createDatabase(serverUrl: string = adminUrl()): Promise<TestDatabase> {
  const name = `sukoon_rel_${randomBytes(5).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // The suite stops PostgreSQL on purpose in one test; an idle client noticing must not crash it.
  pool.on('error', () => {});
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => {});
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

export async function rows<T>(pool: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

export async function count(pool: pg.Pool, text: string, values: unknown[] = []) {
  const [row] = await rows<{ n: string }>(pool, text, values);
  return Number(row?.n ?? 0);
}

export interface SeededUser {
  id: string;
  email: string;
  token: string;
}

export const SEED_PASSWORD = 'reliability-2026-pass';
let passwordHash: string | null = null;

/**
 * Verified users with a live session each, written straight into the database (setup, not the part
 * under test): one argon2 hash shared by all of them keeps 200 accounts quick to make.
 */
export async function seedUsers(
  pool: pg.Pool,
  role: 'patient' | 'psychologist',
  howMany: number,
): Promise<SeededUser[]> {
  passwordHash ??= await hashPassword(SEED_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const emails = Array.from({ length: howMany }, (_, i) => `${role}_${tag}_${i}@example.test`);
  const usernames = emails.map((email) => email.split('@')[0]!);
  const inserted = await rows<{ id: string; email: string }>(
    pool,
    `insert into users (email, username, password_hash, role, email_verified_at)
     select e, u, $3, $4, now() from unnest($1::text[], $2::text[]) as t(e, u)
     returning id, email`,
    [emails, usernames, passwordHash, role],
  );
  if (role === 'psychologist') {
    await pool.query(
      `insert into psychologist_profiles (user_id, display_name)
       select id, 'Dr. ' || username from users where id = any($1::uuid[])`,
      [inserted.map((user) => user.id)],
    );
  }
  const tokens = inserted.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into auth_sessions (user_id, token_hash, expires_at)
     select u, h, now() + interval '30 days' from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [inserted.map((user) => user.id), tokens.map(hashSecretToken)],
  );
  return inserted.map((user, index) => ({ ...user, token: tokens[index]! }));
}
