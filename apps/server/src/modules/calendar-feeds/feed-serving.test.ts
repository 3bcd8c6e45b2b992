import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '@sukoon/shared';
import { parseEvents, turnOnFeed } from '../../../test/calendar-feed';
import { signedInAs } from '../../../test/sign-in';
import { eventually, useTwoProcesses, type TwoProcesses } from '../../../test/two-processes';
import { createBooking } from '../../db/factories';
import { bookings, psychologistProfiles, users } from '../../db/schema';

const DAY = 24 * 60 * 60_000;
const at = (offsetMs: number) => new Date(Math.floor((Date.now() + offsetMs) / 60_000) * 60_000);

/** Two server processes' worth of app on one database: built once, revalidated anywhere. */
describe('calendar feeds built once per change', () => {
  let database: TwoProcesses['database'];
  let first: FastifyInstance;
  let second: FastifyInstance;
  const processes = useTwoProcesses();
  beforeAll(() => {
    ({ database, first, second } = processes);
  });

  /** A psychologist with one patient's session in two days, their feed on. */
  async function feedWithSession() {
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await signedInAs(database.db, 'patient');
    const session = await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: at(2 * DAY),
    });
    const { path } = await turnOnFeed(first, psychologist.headers);
    return { psychologist, patient, session, path };
  }

  it('answers a revalidation in another process without building the feed there', async () => {
    const { path } = await feedWithSession();
    const builtBefore = first.caches.feeds.size;
    const whole = await first.inject({ url: path });
    expect(whole.statusCode).toBe(200);
    expect(first.caches.feeds.size).toBe(builtBefore + 1);

    const elsewhere = second.caches.feeds.size;
    const revalidated = await second.inject({
      url: path,
      headers: { 'if-none-match': whole.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(whole.headers.etag);
    // The tag came from the version of the rows alone: nothing was built or kept.
    expect(second.caches.feeds.size).toBe(elsewhere);
  });

  it('keeps one built feed until a session changes, whoever writes it', async () => {
    const { path, session } = await feedWithSession();
    const once = await second.inject({ url: path });
    const size = second.caches.feeds.size;
    const again = await second.inject({ url: path });
    expect(again.body).toBe(once.body);
    expect(second.caches.feeds.size).toBe(size);

    // A write from outside the app (a script, another server): announced, so both follow it.
    await database.db
      .update(bookings)
      .set({ meetingLink: 'https://meet.example.com/moved-room' })
      .where(eq(bookings.id, session.id));
    for (const app of [first, second]) {
      await eventually(async () => {
        const changed = await app.inject({
          url: path,
          headers: { 'if-none-match': once.headers.etag as string },
        });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(once.headers.etag);
        expect(changed.body).toContain('https://meet.example.com/moved-room');
      });
    }
  });

  it('follows a patient’s new name into the psychologist’s feed and a new display name into the patient’s', async () => {
    const { path, patient, psychologist } = await feedWithSession();
    const patientFeed = (await turnOnFeed(first, patient.headers)).path;
    const before = await second.inject({ url: path });
    const theirs = await second.inject({ url: patientFeed });

    await database.db
      .update(users)
      .set({ username: 'zoya_renamed' })
      .where(eq(users.id, patient.user.id));
    await database.db
      .update(psychologistProfiles)
      .set({ displayName: 'Dr. Renamed Person' })
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    await eventually(async () => {
      const after = await second.inject({
        url: path,
        headers: { 'if-none-match': before.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(parseEvents(after.body)[0]!.summary).toBe('Zoya · Session (45 min)');
      const renamed = await second.inject({
        url: patientFeed,
        headers: { 'if-none-match': theirs.headers.etag as string },
      });
      expect(renamed.statusCode).toBe(200);
      expect(parseEvents(renamed.body)[0]!.summary).toContain('Dr. Renamed Person');
    });
  });

  it('sends the gzip copy to a client that accepts it, under a tag of its own', async () => {
    const { path } = await feedWithSession();
    const plain = await first.inject({ url: path });
    const zipped = await first.inject({ url: path, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const tag = zipped.headers.etag as string;
    expect(tag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-gzip"`);
    const revalidated = await second.inject({
      url: path,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': tag },
    });
    expect(revalidated.statusCode).toBe(304);
    // The identity body's tag does not stand for the gzip bytes.
    const other = await second.inject({
      url: path,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string },
    });
    expect(other.statusCode).toBe(200);
  });

  it(`carries at most ${CALENDAR_FEED.maxEvents.toLocaleString('en-US')} sessions, the earliest first`, async () => {
    const psychologist = await signedInAs(database.db, 'psychologist');
    const extra = 3;
    // 20-minute sessions every half hour from tomorrow on.
    await database.db.execute(sql`
      insert into bookings (psychologist_id, starts_at, ends_at, duration_minutes, title,
                            price_paise, status, payment_status)
      select ${psychologist.user.id}::uuid, s, s + interval '20 minutes', 20, 'Own event', 0,
             'booked', 'completed'
      from generate_series(0, ${CALENDAR_FEED.maxEvents + extra - 1}::int) as k,
           lateral (select date_trunc('day', now()) + interval '1 day'
                           + k * interval '30 minutes' as s) as slot`);
    const { path } = await turnOnFeed(first, psychologist.headers);
    const response = await first.inject({ url: path });
    expect(response.statusCode).toBe(200);
    const starts = parseEvents(response.body).map((event) => event.start.toJSDate().getTime());
    expect(starts).toHaveLength(CALENDAR_FEED.maxEvents);
    const tomorrow = Math.ceil(Date.now() / DAY) * DAY;
    expect(Math.max(...starts)).toBe(tomorrow + (CALENDAR_FEED.maxEvents - 1) * 30 * 60_000);
  }, 120_000);
});
