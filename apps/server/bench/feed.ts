/**
 * The calendar feed of a psychologist with 5,000 sessions in its window: the
 * whole feed, and a revalidation that matches its ETag, each against a bare route answering the same
 * bytes (or an empty 304) from memory, in the same run.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client';
import { createSessionsService } from '../src/modules/auth/sessions-service';
import { compareInTurns, measure, type Comparison, type Measurement } from './harness';

export const FEED_SESSIONS = 5_000;

/** A psychologist with FEED_SESSIONS sessions from 29 days back, 24 a day, and their feed's path. */
async function seedFeed(db: Database, patientIds: string[]) {
  const [owner] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, username, password_hash, role, email_verified_at)
        values ('bench.feed@example.test', 'bench_feed', 'x', 'psychologist', now())
        returning id`,
  );
  const id = owner!.id;
  await db.execute(
    sql`insert into psychologist_profiles (user_id, display_name) values (${id}, 'Dr. Feed')`,
  );
  // What patients wrote, as long as the app accepts: the feed must carry none of it.
  await db.execute(sql`
    insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                          description, meeting_link, price_paise, status, payment_status)
    select ${id}::uuid, (${`{${patientIds.join(',')}}`}::uuid[])[1 + k % ${patientIds.length}::int], s,
           s + interval '20 minutes', 20, 'My panic attacks', repeat('I cannot sleep. ', 125),
           'https://meet.jit.si/sukoon-' || md5(k::text), 50000, 'booked', 'completed'
    from generate_series(0, ${FEED_SESSIONS - 1}::int) as k,
         lateral (select (date_trunc('day', now() at time zone 'Asia/Kolkata')
                          - interval '29 days' + (k / 24) * interval '1 day'
                          + interval '9 hours' + (k % 24) * interval '30 minutes')
                         at time zone 'Asia/Kolkata' as s) as slot`);
  await db.execute(sql`analyze bookings`);
  const token = (await createSessionsService(db).issue(id)).token;
  return { authorization: `Bearer ${token}` };
}

/**
 * Turns the feed on through the app at `real`, fetches it once (its first build), then measures the
 * full answer and the 304 against their baselines.
 */
export async function benchFeed(
  db: Database,
  real: string,
  bare: { route(key: string, payload: string): string; notModifiedUrl: string },
  patientIds: string[],
): Promise<{
  firstFetchMs: number;
  bytes: number;
  full: Comparison;
  notModified: Comparison;
  alone: { full: Measurement; notModified: Measurement };
}> {
  const auth = await seedFeed(db, patientIds);
  const on = await fetch(`${real}/api/calendar-feeds/me`, { method: 'POST', headers: auth });
  if (!on.ok) throw new Error(`turning the feed on: HTTP ${on.status}`);
  const path = new URL(((await on.json()) as { data: { url: string } }).data.url).pathname;
  const started = performance.now();
  // As autocannon asks: no compression (fetch would ask for gzip, whose copy has its own tag).
  const first = await fetch(real + path, { headers: { 'accept-encoding': 'identity' } });
  const body = await first.text();
  const firstFetchMs = Math.round(performance.now() - started);
  if (!first.ok) throw new Error(`${path}: HTTP ${first.status}`);
  const etag = first.headers.get('etag')!;
  const baseline = bare.route('feed', body);
  return {
    firstFetchMs,
    bytes: Buffer.byteLength(body),
    full: await compareInTurns(
      () => measure(real + path),
      () => measure(baseline),
    ),
    notModified: await compareInTurns(
      () => measure(real + path, { headers: { 'if-none-match': etag }, status: 304 }),
      () => measure(bare.notModifiedUrl, { status: 304 }),
    ),
    // One request at a time: what a calendar service waits for.
    alone: {
      full: await measure(real + path, { connections: 1 }),
      notModified: await measure(real + path, {
        headers: { 'if-none-match': etag },
        status: 304,
        connections: 1,
      }),
    },
  };
}
