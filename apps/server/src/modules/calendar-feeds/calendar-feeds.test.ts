import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { parseEvents, turnOnFeed } from '../../../test/calendar-feed';
import { signedInAs } from '../../../test/sign-in';
import { eventually } from '../../../test/two-processes';
import { createBooking } from '../../db/factories';

const HOUR = 60 * 60_000;
const SECRET_URL = /^http:\/\/localhost:\d+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/;

describe('calendar feeds: turning on, reset, off', () => {
  const context = useTestApp();

  it('shows the address once, then only whether the feed is on', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const before = await app.inject({ url: '/api/calendar-feeds/me', headers: patient.headers });
    expect(before.json().data).toEqual({ enabled: false, showFullDetails: false });

    const on = await app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me',
      headers: patient.headers,
    });
    expect(on.statusCode).toBe(200);
    const link = on.json<{ data: { url: string; webcalUrl: string } }>().data;
    expect(link.url).toMatch(SECRET_URL);
    expect(link.webcalUrl).toBe(link.url.replace('http://', 'webcal://'));

    const status = await app.inject({ url: '/api/calendar-feeds/me', headers: patient.headers });
    expect(status.json().data).toEqual({ enabled: true, showFullDetails: false });
    expect(status.body).not.toContain('calendar-feeds/');

    const again = await app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me',
      headers: patient.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CALENDAR_FEED_ALREADY_ON');
  });

  it('keeps only the SHA-256 of the secret', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const { secret } = await turnOnFeed(app, patient.headers);
    const rows = await database.db.query.calendarFeeds.findMany();
    const mine = rows.find((row) => row.userId === patient.user.id)!;
    expect(mine.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('serves the feed as private text/calendar with an ETag, and 304 on If-None-Match', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      startsAt: new Date(Date.now() + 48 * HOUR),
      meetingLink: 'https://meet.example.com/own',
    });
    const { path } = await turnOnFeed(app, psychologist.headers);

    const first = await app.inject({ url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(parseEvents(first.body)).toHaveLength(1);

    const second = await app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect(second.headers.etag).toBe(etag);

    const weakInList = await app.inject({
      url: path,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weakInList.statusCode).toBe(304);

    // A change a calendar shows makes a new tag: the old one no longer matches (once the change's
    // announcement has crossed to the server's listening connection).
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      startsAt: new Date(Date.now() + 72 * HOUR),
    });
    await eventually(async () => {
      const changed = await app.inject({ url: path, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });
  });

  it('resets the link: the old secret is 404 at once, the new one works', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const old = await turnOnFeed(app, psychologist.headers);
    expect((await app.inject({ url: old.path })).statusCode).toBe(200);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me/reset',
      headers: psychologist.headers,
    });
    expect(reset.statusCode).toBe(200);
    const fresh = new URL(reset.json<{ data: { url: string } }>().data.url).pathname;
    expect(fresh).not.toBe(old.path);

    const gone = await app.inject({ url: old.path });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    expect((await app.inject({ url: fresh })).statusCode).toBe(200);
  });

  it('turns off: the address is 404, and reset or settings then say the feed is off', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const { path } = await turnOnFeed(app, psychologist.headers);
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/calendar-feeds/me',
      headers: psychologist.headers,
    });
    expect(off.json().data).toEqual({ enabled: false, showFullDetails: false });
    expect((await app.inject({ url: path })).statusCode).toBe(404);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me/reset',
      headers: psychologist.headers,
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().error.code).toBe('CALENDAR_FEED_OFF');
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/calendar-feeds/me',
      headers: psychologist.headers,
      payload: { showFullDetails: true },
    });
    expect(settings.statusCode).toBe(409);
  });

  it('refuses a malformed secret with 400 and an unknown one with 404', async () => {
    const { app } = context;
    const malformed = await app.inject({ url: '/api/calendar-feeds/not-a-secret.ics' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await app.inject({ url: `/api/calendar-feeds/${'A'.repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only psychologists choose full details', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    await turnOnFeed(app, patient.headers);
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/calendar-feeds/me',
      headers: patient.headers,
      payload: { showFullDetails: true },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/calendar-feeds/me',
      headers: (await signedInAs(database.db, 'psychologist')).headers,
      payload: { showFullDetails: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stops the feed when the account is deleted', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const { path } = await turnOnFeed(app, patient.headers);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: patient.headers,
      payload: { password: 'correct-horse-battery' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ url: path })).statusCode).toBe(404);
  });
});
