import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '@sukoon/shared';
import { parseEvents, turnOnFeed } from '../../../test/calendar-feed';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';
import { createBooking, createPatient } from '../../db/factories';
import { bookings, psychologistProfiles } from '../../db/schema';
import { sessionInvitation } from '../bookings/emails/invitation';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A whole minute some time from now, so sessions never overlap by accident. */
const at = (offsetMs: number) => new Date(Math.floor((Date.now() + offsetMs) / 60_000) * 60_000);

describe('calendar feed content', () => {
  const context = useTestApp();

  async function fetchFeed(path: string) {
    const response = await context.app.inject({ url: path });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  }

  it('carries 200 sessions that ical.js reads as 200 events, every time in UTC', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await createPatient(database.db);
    for (let index = 0; index < 200; index += 1) {
      await createBooking(database.db, {
        psychologistId: psychologist.user.id,
        patientId: patient.id,
        // Hourly from 10 days back: inside the 30 days back and the 8 weeks ahead.
        startsAt: at(-10 * DAY + index * HOUR),
        durationMinutes: 20,
        meetingLink: `https://meet.example.com/room-${index}`,
      });
    }
    const { path } = await turnOnFeed(app, psychologist.headers);
    const text = await fetchFeed(path);
    const events = parseEvents(text);
    expect(events).toHaveLength(200);
    expect(new Set(events.map((event) => event.uid)).size).toBe(200);
    for (const event of events) {
      expect(event.start.zone?.tzid).toBe('UTC');
      expect(event.end.zone?.tzid).toBe('UTC');
      expect(event.status).toBe('CONFIRMED');
      expect(event.location).toMatch(/^https:\/\/meet\.example\.com\/room-\d+$/);
    }
    // In the raw text too: every DTSTART/DTEND ends in Z (no floating local times, no VTIMEZONE).
    const times = text.match(/^DT(START|END)[^\r\n]*/gm) ?? [];
    expect(times).toHaveLength(400);
    for (const line of times) expect(line).toMatch(/:\d{8}T\d{6}Z$/);
    expect(text).not.toContain('BEGIN:VTIMEZONE');
  }, 120_000);

  it('shows booked sessions, canceled ones as CANCELLED for 30 days, and never holds', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    const session = (startsAt: Date, extra: Parameters<typeof createBooking>[1] | object = {}) =>
      createBooking(database.db, {
        psychologistId: psychologist.user.id,
        patientId: patient.user.id,
        startsAt,
        ...extra,
      });
    const booked = await session(at(2 * DAY));
    const canceled = await session(at(3 * DAY), { status: 'canceled' });
    await database.db
      .update(bookings)
      .set({ canceledAt: new Date(Date.now() - 2 * DAY), canceledBy: 'patient', icsSequence: 1 })
      .where(sql`${bookings.id} = ${canceled.id}`);
    const canceledLongAgo = await session(at(-5 * DAY), { status: 'canceled' });
    await database.db
      .update(bookings)
      .set({ canceledAt: new Date(Date.now() - 31 * DAY), canceledBy: 'patient' })
      .where(sql`${bookings.id} = ${canceledLongAgo.id}`);
    const held = await session(at(4 * DAY), { status: 'held' });
    const expired = await session(at(5 * DAY), { status: 'expired' });
    // A released hold is 'canceled' without a cancellation: never a session.
    const released = await session(at(6 * DAY), { status: 'canceled' });
    const tooOld = await session(at(-(CALENDAR_FEED.pastDays + 1) * DAY));

    for (const caller of [patient, psychologist]) {
      const { path } = await turnOnFeed(app, caller.headers);
      const events = parseEvents(await fetchFeed(path));
      const byUid = new Map(events.map((event) => [event.uid, event]));
      expect(byUid.get(`${booked.id}@sukoon`)?.status).toBe('CONFIRMED');
      expect(byUid.get(`${canceled.id}@sukoon`)?.status).toBe('CANCELLED');
      expect(byUid.get(`${canceled.id}@sukoon`)?.sequence).toBe(1);
      for (const absent of [canceledLongAgo, held, expired, released, tooOld]) {
        expect(byUid.has(`${absent.id}@sukoon`)).toBe(false);
      }
      expect(events).toHaveLength(2);
    }
  });

  it('reaches 52 weeks ahead for both, past the psychologist’s 8-week booking horizon', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    const session = (weeks: number) =>
      createBooking(database.db, {
        psychologistId: psychologist.user.id,
        patientId: patient.user.id,
        startsAt: at(weeks * 7 * DAY),
      });
    // Past the default policy's 8 weeks (a psychologist's own event or move can be), and past 52.
    const far = await session(10);
    const farthest = await session(51);
    const beyond = await session(53);
    const uids = async (headers: Record<string, string>) =>
      parseEvents(await fetchFeed((await turnOnFeed(app, headers)).path)).map((e) => e.uid);
    for (const headers of [psychologist.headers, patient.headers]) {
      const shown = await uids(headers);
      expect(shown).toContain(`${far.id}@sukoon`);
      expect(shown).toContain(`${farthest.id}@sukoon`);
      expect(shown).not.toContain(`${beyond.id}@sukoon`);
    }
  });

  it('uses the invitation’s UID, SEQUENCE from ics_sequence and LAST-MODIFIED from updated_at', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    const booking = await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: at(3 * DAY),
    });
    const updatedAt = new Date('2026-11-20T08:15:30.000Z');
    const [row] = await database.db
      .update(bookings)
      .set({ icsSequence: 3, updatedAt })
      .where(sql`${bookings.id} = ${booking.id}`)
      .returning();
    // Drizzle sets updated_at itself on update: read what the row holds.
    const stored = row!.updatedAt;
    const invitation = sessionInvitation(
      row!,
      { psychologistName: 'Dr. X', psychologistEmail: 'x@example.test', patientEmail: 'a@x.test' },
      'http://localhost:3000',
      'en',
    );
    const [invited] = parseEvents(String(invitation.content));
    const [event] = parseEvents(await fetchFeed((await turnOnFeed(app, patient.headers)).path));
    expect(event!.uid).toBe(invited!.uid);
    expect(event!.uid).toBe(`${booking.id}@sukoon`);
    expect(event!.sequence).toBe(3);
    expect(event!.lastModified?.toJSDate().getTime()).toBe(
      Math.floor(stored.getTime() / 1000) * 1000,
    );
  });

  it('speaks its reader’s language: a Hindi patient’s feed and invitation are in Hindi', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: patient.headers,
      payload: { locale: 'hi' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const booking = await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: at(4 * DAY),
      durationMinutes: 45,
      title: 'Neend',
      meetingLink: null,
    });
    const feed = await fetchFeed((await turnOnFeed(app, patient.headers)).path);
    expect(feed).toContain('X-WR-CALNAME:Sukoon सेशन');
    const [event] = parseEvents(feed);
    expect(event!.summary).toMatch(/^.+ के साथ सेशन \(45 मिनट\)$/);
    expect(event!.location).toBe('ऑनलाइन');
    expect(event!.description).toBe('मीटिंग लिंक सेशन से पहले भेज दिया जाएगा।');

    const invitation = (locale: 'en' | 'hi') =>
      parseEvents(
        String(
          sessionInvitation(
            { ...booking, meetingLink: 'https://meet.example.com/neend' },
            {
              psychologistName: 'Dr. X',
              psychologistEmail: 'x@example.test',
              patientEmail: 'a@x.test',
            },
            'http://localhost:3000',
            locale,
          ).content,
        ),
      )[0]!;
    expect(invitation('hi').summary).toBe('Neend (Dr. X के साथ Sukoon सेशन)');
    expect(invitation('hi').description).toContain('जुड़ें: https://meet.example.com/neend');
    expect(invitation('en').summary).toBe('Neend (Sukoon session with Dr. X)');
    expect(invitation('en').description).toContain('Join: https://meet.example.com/neend');
  });

  it('keeps each feed to its owner’s sessions', async () => {
    const { app, database } = context;
    const a = await signedInAs(database.db, 'patient');
    const b = await signedInAs(database.db, 'patient');
    const x = await signedInAs(database.db, 'psychologist');
    const y = await signedInAs(database.db, 'psychologist');
    const ax = await createBooking(database.db, {
      psychologistId: x.user.id,
      patientId: a.user.id,
      startsAt: at(2 * DAY),
      title: 'A-with-X',
    });
    const bx = await createBooking(database.db, {
      psychologistId: x.user.id,
      patientId: b.user.id,
      startsAt: at(2 * DAY + HOUR),
      title: 'B-with-X',
    });
    const by = await createBooking(database.db, {
      psychologistId: y.user.id,
      patientId: b.user.id,
      startsAt: at(2 * DAY),
      title: 'B-with-Y',
    });
    const feedOf = async (caller: typeof a) =>
      fetchFeed((await turnOnFeed(app, caller.headers)).path);
    const uid = (booking: { id: string }) => `${booking.id}@sukoon`;
    const aFeed = await feedOf(a);
    expect(parseEvents(aFeed).map((e) => e.uid)).toEqual([uid(ax)]);
    expect(aFeed).not.toContain(b.user.username);
    const xFeed = await feedOf(x);
    expect(parseEvents(xFeed).map((e) => e.uid)).toEqual([uid(ax), uid(bx)]);
    expect(xFeed).not.toContain(by.id);
    const yFeed = await feedOf(y);
    expect(parseEvents(yFeed).map((e) => e.uid)).toEqual([uid(by)]);
    expect(yFeed).not.toContain(a.user.username);
  });

  it('is private by default, adds only full names on the psychologist’s opt-in, and never carries what anyone wrote', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: at(-2 * DAY),
      durationMinutes: 20,
      title: 'Exam stress',
      description: 'Panic before exams',
      attendanceStatus: 'attended',
      attendanceNotes: 'NOTE-ONLY-FOR-THE-PSYCHOLOGIST',
    });
    const parts = patient.user.username.split('_').filter((part) => part !== '');
    const capitalised = parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1));
    const clinical = ['Exam stress', 'Panic before exams', 'NOTE-ONLY'];

    const own = await turnOnFeed(app, psychologist.headers);
    const plain = await fetchFeed(own.path);
    const [event] = parseEvents(plain);
    expect(event!.summary).toBe(`${capitalised[0]} · Session (20 min)`);
    for (const secret of [...clinical, patient.user.username]) expect(plain).not.toContain(secret);

    const optIn = await app.inject({
      method: 'PATCH',
      url: '/api/calendar-feeds/me',
      headers: psychologist.headers,
      payload: { showFullDetails: true },
    });
    expect(optIn.json().data).toEqual({ enabled: true, showFullDetails: true });
    const full = await fetchFeed(own.path);
    const [detailed] = parseEvents(full);
    expect(detailed!.summary).toBe(`${capitalised.join(' ')} · Session (20 min)`);
    expect(detailed!.description).toBe('The meeting link will be shared before the session.');
    for (const secret of clinical) expect(full).not.toContain(secret);

    const patientFeed = await fetchFeed((await turnOnFeed(app, patient.headers)).path);
    expect(parseEvents(patientFeed)).toHaveLength(1);
    for (const secret of clinical) expect(patientFeed).not.toContain(secret);
  });

  it('escapes commas, semicolons and newlines and folds lines at 75 octets', async () => {
    const { app, database } = context;
    const patient = await signedInAs(database.db, 'patient');
    const psychologist = await signedInAs(database.db, 'psychologist');
    // A name stored before names were checked can hold anything: the feed still writes it safely.
    const name = 'Dr. Ravi, MD; “sleep”\nsecond line — डॉ. रवि कुमार 🧠 '.repeat(3).trim();
    await database.db
      .update(psychologistProfiles)
      .set({ displayName: name })
      .where(sql`${psychologistProfiles.userId} = ${psychologist.user.id}`);
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: at(2 * DAY),
      durationMinutes: 45,
      meetingLink: `https://meet.example.com/${'r'.repeat(120)}`,
    });
    const text = await fetchFeed((await turnOnFeed(app, patient.headers)).path);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Long values were folded (continuation lines start with a space)...
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // ...never inside a character: every line is whole UTF-8.
    for (const line of lines) expect(line).not.toContain('\uFFFD');
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('Dr. Ravi\\, MD\\; “sleep”\\nsecond line');
    const [event] = parseEvents(text);
    const cut = Array.from(name).slice(0, CALENDAR_FEED.nameMaxLength).join('');
    expect(event!.summary).toBe(`Session (45 min) with ${cut}`);
    expect(event!.description).toBe(`Join: https://meet.example.com/${'r'.repeat(120)}`);
  });
});
