import { hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/** Failures in a row are kept this long from the first (a sign-in or a password reset clears them). */
const CONSECUTIVE_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The counters of one email (hashed: no address is kept for a mistyped or unknown email). Keyed on the
 * email rather than the account, so an unknown email counts, slows and locks exactly like a real one
 * and none of the answers tells whether an account exists.
 */
export function signInFailureKeys(email: string, ip: string) {
  const account = hash('sha256', email.trim().toLowerCase(), 'hex');
  return {
    fromAddress: `sign-in-failures:${account}:ip:${ip}`,
    recent: `sign-in-failures:${account}`,
    consecutive: `sign-in-failures:${account}:consecutive`,
  };
}

export interface SignInFailures {
  /** Wrong passwords for the email from this address within the window. */
  fromAddress: number;
  /** Seconds until that count starts again (for Retry-After). */
  fromAddressEndsInSeconds: number;
  /** Wrong passwords for the email from any address within the window. */
  recent: number;
  /** Wrong passwords since the last sign-in or password reset. */
  consecutive: number;
}

/**
 * Counts refused passwords, not attempts, in the rate-limit table (shared by every server process):
 * a right password never counts against anyone.
 */
export function createSignInFailuresRepository(db: Database) {
  return {
    async count(email: string, ip: string): Promise<SignInFailures> {
      const keys = signInFailureKeys(email, ip);
      const rows = await queryRows<{ key: string; hits: number; ttl: number }>(
        db,
        sql`select key, hits,
                   ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now()))::int as ttl
            from ${rateLimitHits}
            where key in (${keys.fromAddress}, ${keys.recent}, ${keys.consecutive})
              and ${rateLimitHits.windowEndsAt} > now()`,
      );
      const row = (key: string) => rows.find((candidate) => candidate.key === key);
      return {
        fromAddress: row(keys.fromAddress)?.hits ?? 0,
        fromAddressEndsInSeconds: row(keys.fromAddress)?.ttl ?? 0,
        recent: row(keys.recent)?.hits ?? 0,
        consecutive: row(keys.consecutive)?.hits ?? 0,
      };
    },

    /** One atomic upsert of the three counters; an expired window starts again at 1. */
    async recordFailure(email: string, ip: string, windowMs: number) {
      const keys = signInFailureKeys(email, ip);
      await db.execute(
        sql`insert into ${rateLimitHits} (key, hits, window_ends_at)
            values (${keys.fromAddress}, 1, now() + ${windowMs} * interval '1 millisecond'),
                   (${keys.recent}, 1, now() + ${windowMs} * interval '1 millisecond'),
                   (${keys.consecutive}, 1, now() + ${CONSECUTIVE_WINDOW_MS} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when ${rateLimitHits.windowEndsAt} <= now() then 1
                          else ${rateLimitHits.hits} + 1 end,
              window_ends_at = case when ${rateLimitHits.windowEndsAt} <= now()
                                    then excluded.window_ends_at
                                    else ${rateLimitHits.windowEndsAt} end`,
      );
    },

    /** A right password or a password reset ends the run of failures in a row. */
    async clearConsecutive(email: string) {
      const { consecutive } = signInFailureKeys(email, '');
      await db.execute(sql`delete from ${rateLimitHits} where key = ${consecutive}`);
    },
  };
}
