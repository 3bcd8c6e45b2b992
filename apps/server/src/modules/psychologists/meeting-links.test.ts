import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JITSI_ROOM_PATTERN, type MeetingLinks } from '@sukoon/shared';
import { bookAndPay, istSlot } from '../../../test/booking';
import { parseEvents, turnOnFeed } from '../../../test/calendar-feed';
import { mailFor } from '../../../test/mailbox';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';
import { bookings, psychologistProfiles } from '../../db/schema';
import { createRemindersService } from '../reminders/reminders-service';
import { newMeetingLink } from './meeting-links';

const JITSI_LINK = /^https:\/\/meet\.jit\.si\/([a-z2-7]{32})$/;
const HOUR = 60 * 60_000;

describe('meeting links made by the psychologist’s method', () => {
  const context = useTestApp();
  type Caller = Awaited<ReturnType<typeof signedInAs>>;

  async function choose(psychologist: Caller, meetingLinks: unknown) {
    return context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { meetingLinks },
    });
  }

  async function linkOf(bookingId: string) {
    const [row] = await context.database.db
      .select({ meetingLink: bookings.meetingLink })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row!.meetingLink;
  }

  it('gives a confirmed session a Jitsi room, in the row, the emails, the reminders and the feed', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await signedInAs(database.db, 'patient');
    const chosen = await choose(psychologist, {
      method: 'jitsi',
      jitsiServer: 'https://meet.jit.si',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.meetingLinks).toEqual({
      method: 'jitsi',
      jitsiServer: 'https://meet.jit.si',
    });

    const start = istSlot(3, 11 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start);
    const link = await linkOf(bookingId);
    expect(link).toMatch(JITSI_LINK);
    const room = JITSI_LINK.exec(link!)![1]!;
    const personal = [
      bookingId,
      psychologist.user.id,
      patient.user.id,
      psychologist.user.username,
      patient.user.username,
      patient.user.email.split('@')[0]!,
      start.toISOString().slice(0, 10).replaceAll('-', ''),
    ].map((value) => value.toLowerCase().replaceAll('-', '').slice(0, 8));
    for (const value of personal) expect(room).not.toContain(value);

    const [confirmation] = (await mailFor(app, patient.user.email)).filter((mail) =>
      mail.subject.startsWith('Booking confirmed'),
    );
    expect(confirmation?.text).toContain(`Meeting link: ${link}`);
    const [booked] = (await mailFor(app, psychologist.user.email)).filter((mail) =>
      mail.subject.startsWith('New session booked'),
    );
    expect(booked?.text).toContain(link);

    for (const caller of [patient, psychologist]) {
      const { path } = await turnOnFeed(app, caller.headers);
      const events = parseEvents((await app.inject({ url: path })).body);
      expect(events.map((event) => event.location)).toEqual([link]);
    }

    const mine = await app.inject({
      url: `/api/bookings/user/${patient.user.id}`,
      headers: patient.headers,
    });
    expect(mine.json().data[0].meeting_link).toBe(link);

    await createRemindersService({ db: database.db, publicUrl: 'http://localhost' }).sendDue(
      new Date(start.getTime() - 23 * HOUR),
    );
    const [reminder] = (await mailFor(app, patient.user.email)).filter((mail) =>
      mail.subject.startsWith('Reminder'),
    );
    expect(reminder?.text).toContain(link);
  });

  it('gives every session its own room, and changing the method keeps booked sessions’ links', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await signedInAs(database.db, 'patient');
    await choose(psychologist, { method: 'jitsi', jitsiServer: 'https://meet.jit.si' });
    const first = (await bookAndPay(app, patient, psychologist.user.id, istSlot(5, 10 * 60)))
      .bookingId;
    const second = (await bookAndPay(app, patient, psychologist.user.id, istSlot(5, 12 * 60)))
      .bookingId;
    const [firstLink, secondLink] = [await linkOf(first), await linkOf(second)];
    expect(firstLink).toMatch(JITSI_LINK);
    expect(secondLink).toMatch(JITSI_LINK);
    expect(firstLink).not.toBe(secondLink);

    const personal = 'https://meet.google.com/abc-defg-hij';
    expect(
      (await choose(psychologist, { method: 'personal', personalLink: personal })).statusCode,
    ).toBe(200);
    expect([await linkOf(first), await linkOf(second)]).toEqual([firstLink, secondLink]);
    const third = (await bookAndPay(app, patient, psychologist.user.id, istSlot(6, 10 * 60)))
      .bookingId;
    expect(await linkOf(third)).toBe(personal);

    expect((await choose(psychologist, { method: 'manual' })).statusCode).toBe(200);
    expect([await linkOf(first), await linkOf(second), await linkOf(third)]).toEqual([
      firstLink,
      secondLink,
      personal,
    ]);
    const fourth = (await bookAndPay(app, patient, psychologist.user.id, istSlot(6, 12 * 60)))
      .bookingId;
    expect(await linkOf(fourth)).toBeNull();

    // Switching back to Jitsi remembers the server; the hand-set link of a session stays its own.
    const back = await choose(psychologist, {
      method: 'jitsi',
      jitsiServer: 'https://jitsi.example.org/',
    });
    expect(back.json().data.meetingLinks.jitsiServer).toBe('https://jitsi.example.org');
    const byHand = await app.inject({
      method: 'PATCH',
      url: `/api/bookings/${first}/meeting-link`,
      headers: psychologist.headers,
      payload: { meetingLink: 'https://zoom.us/j/123456789' },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(await linkOf(first)).toBe('https://zoom.us/j/123456789');
  });

  it('fills in a psychologist’s own event by the method, and keeps a pasted link', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const event = (start: Date, meetingLink?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: psychologist.headers,
        payload: {
          title: 'Supervision',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 45 * 60_000).toISOString(),
          ...(meetingLink ? { meetingLink } : {}),
        },
      });

    const refused = await event(istSlot(7, 10 * 60));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Meeting link is required');

    await choose(psychologist, { method: 'jitsi', jitsiServer: 'https://meet.jit.si' });
    const made = await event(istSlot(7, 10 * 60));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.meetingLink).toMatch(JITSI_LINK);
    const pasted = await event(istSlot(7, 12 * 60), 'https://zoom.us/j/42');
    expect(pasted.json().data.meetingLink).toBe('https://zoom.us/j/42');
  });

  it('shows the choice to the psychologist only, and refuses addresses that are not https', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await signedInAs(database.db, 'patient');
    await choose(psychologist, { method: 'personal', personalLink: 'https://zoom.us/my/dr.rao' });
    const own = await app.inject({
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
    });
    expect(own.json().data.meetingLinks).toEqual({
      method: 'personal',
      personalLink: 'https://zoom.us/my/dr.rao',
    });
    const seen = await app.inject({
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: patient.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('zoom.us');
    expect(seen.json().data.meetingLinks).toBeUndefined();

    for (const bad of [
      { method: 'jitsi', jitsiServer: 'http://meet.jit.si' },
      { method: 'jitsi', jitsiServer: 'https://meet.jit.si/room' },
      { method: 'jitsi' },
      { method: 'personal', personalLink: 'javascript:alert(1)' },
      { method: 'zoom' },
    ]) {
      const response = await choose(psychologist, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const other = await signedInAs(database.db, 'psychologist');
    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: other.headers,
      payload: { meetingLinks: { method: 'manual' } },
    });
    expect(foreign.statusCode).toBe(403);
    const byPatient = await app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: patient.headers,
      payload: { meetingLinks: { method: 'manual' } },
    });
    expect(byPatient.statusCode).toBe(403);
  });
});

describe('deleting a psychologist’s account', () => {
  const context = useTestApp();

  it('forgets their personal link and method, and leaves booked sessions’ links alone', async () => {
    const { app, database } = context;
    const psychologist = await signedInAs(database.db, 'psychologist');
    const patient = await signedInAs(database.db, 'patient');
    const personal = 'https://zoom.us/my/dr.kavya';
    await app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { meetingLinks: { method: 'personal', personalLink: personal } },
    });
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, istSlot(3, 10 * 60));
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: psychologist.headers,
      payload: { password: 'correct-horse-battery' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [profile] = await database.db
      .select()
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    expect(profile).toMatchObject({
      meetingLinkMethod: 'manual',
      jitsiServer: null,
      personalMeetingLink: null,
    });
    // The session was canceled with the account; its record keeps the link it had.
    const [session] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(session!.meetingLink).toBe(personal);
  });
});

describe('Jitsi room names', () => {
  it('are distinct over 10,000 sessions, 32 base32 characters, and carry nothing of anyone', () => {
    const settings: MeetingLinks = { method: 'jitsi', jitsiServer: 'https://meet.jit.si' };
    const rooms = Array.from({ length: 10_000 }, () => {
      const link = newMeetingLink(settings)!;
      expect(link).toMatch(JITSI_LINK);
      return link.slice('https://meet.jit.si/'.length);
    });
    expect(new Set(rooms).size).toBe(10_000);
    for (const room of rooms) expect(room).toMatch(JITSI_ROOM_PATTERN);
    // Nothing but randomness: each of the 32 characters is about equally common at each of the 32
    // places (312.5 expected of 10,000; 200 is over six standard deviations away), which a name,
    // date or id anywhere in the name would break.
    for (let place = 0; place < 32; place += 1) {
      const counts = new Map<string, number>();
      for (const room of rooms) counts.set(room[place]!, (counts.get(room[place]!) ?? 0) + 1);
      expect(counts.size, `place ${place}`).toBe(32);
      expect(Math.min(...counts.values()), `place ${place}`).toBeGreaterThan(200);
    }
  });
});
