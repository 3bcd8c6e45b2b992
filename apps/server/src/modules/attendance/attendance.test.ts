import { attachmentText } from '../../../test/mailbox';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@sukoon/shared';
import { bookings, mailOutbox } from '../../db/schema';
import { createBooking, createPaidBooking } from '../../db/factories';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const context = useTestApp();
const db = () => context.database.db;
let psychologist: Caller;
let otherPsychologist: Caller;
let patient: Caller;
let otherPatient: Caller;

beforeAll(async () => {
  psychologist = await signedInAs(db(), 'psychologist');
  otherPsychologist = await signedInAs(db(), 'psychologist');
  patient = await signedInAs(db(), 'patient');
  otherPatient = await signedInAs(db(), 'patient');
});

function patch(url: string, payload: unknown, as: Caller | null) {
  return context.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    ...(as ? { headers: as.headers } : {}),
  });
}
const setLink = (id: string, meetingLink: unknown, as: Caller | null = psychologist) =>
  patch(`/api/bookings/${id}/meeting-link`, { meetingLink }, as);
const mark = (id: string, body: object, as: Caller | null = psychologist) =>
  patch(`/api/bookings/${id}/attendance`, body, as);

let sessionsMade = 0;

/** A paid session between the patient and the psychologist that has started (each an hour earlier). */
async function startedSession() {
  sessionsMade += 1;
  const { booking } = await createPaidBooking(db(), {
    psychologistId: psychologist.user.id,
    patientId: patient.user.id,
    startsAt: new Date(Date.now() - sessionsMade * 60 * 60_000),
  });
  return booking;
}

const eventsOf = (response: { json(): unknown }) =>
  (response.json() as { data: CalendarEvent[] }).data;

async function mailTo(email: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
}

async function row(id: string) {
  const [found] = await db().select().from(bookings).where(eq(bookings.id, id));
  return found!;
}

describe('PATCH /api/bookings/{id}/meeting-link', () => {
  it('stores a trimmed https link and emails the patient when it is first set and when it changes', async () => {
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(4, 10 * 60),
    );
    const before = (await mailTo(patient.user.email)).length;

    const first = await setLink(bookingId, '  https://meet.example.com/abc-defg  ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id: bookingId,
      meetingLink: 'https://meet.example.com/abc-defg',
      patientName: patient.user.username,
    });
    let mail = await mailTo(patient.user.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.subject).toMatch(/^Meeting link for your session/);
    expect(mail.at(-1)!.text).toContain('Join here: https://meet.example.com/abc-defg');
    const ics = attachmentText(mail.at(-1)!.attachments[0]);
    expect(ics).toContain(`UID:${bookingId}@sukoon`);
    expect(ics).toContain('LOCATION:https://meet.example.com/abc-defg');

    // The same link again changes nothing and sends nothing.
    expect((await setLink(bookingId, 'https://meet.example.com/abc-defg')).statusCode).toBe(200);
    expect(await mailTo(patient.user.email)).toHaveLength(before + 1);

    const changed = await setLink(bookingId, 'https://meet.example.com/new-room');
    expect(changed.statusCode).toBe(200);
    mail = await mailTo(patient.user.email);
    expect(mail).toHaveLength(before + 2);
    expect(mail.at(-1)!.subject).toMatch(/^New meeting link/);
    expect(mail.at(-1)!.text).toContain('https://meet.example.com/new-room');

    // The patient sees the link on their calendar.
    const events = await context.app.inject({ url: '/api/events', headers: patient.headers });
    const event = eventsOf(events).find((item) => item.id === bookingId);
    expect(event?.meetingLink).toBe('https://meet.example.com/new-room');
  });

  it('emails the patient when the link changes through the Edit Event form too', async () => {
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(4, 12 * 60),
    );
    const before = (await mailTo(patient.user.email)).length;
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/events/${bookingId}`,
      headers: psychologist.headers,
      payload: { meetingLink: 'https://meet.example.com/from-the-form' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await mailTo(patient.user.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.text).toContain('https://meet.example.com/from-the-form');
  });

  it.each([
    ['an http link', 'http://meet.example.com/abc'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['a data: link', 'data:text/html,<script>alert(1)</script>'],
    ['an empty link', '   '],
    ['no host', 'https://'],
    ['not text', 42],
    ['a link over 500 characters', `https://meet.example.com/${'a'.repeat(480)}`],
  ])('refuses %s with 400 and changes nothing', async (_name, meetingLink) => {
    const booking = await startedSession();
    const response = await setLink(booking.id, meetingLink);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.message).toMatch(/^body\.meetingLink: /);
    expect((await row(booking.id)).meetingLink).toBeNull();
  });

  it('lets only the session’s psychologist set it', async () => {
    const booking = await startedSession();
    const link = 'https://meet.example.com/xyz';
    expect((await setLink(booking.id, link, null)).statusCode).toBe(401);
    expect((await setLink(booking.id, link, patient)).statusCode).toBe(403);
    expect((await setLink(booking.id, link, otherPatient)).statusCode).toBe(403);
    const stranger = await setLink(booking.id, link, otherPsychologist);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe(
      'Only the psychologist of this session can set its meeting link.',
    );
    expect((await row(booking.id)).meetingLink).toBeNull();
    const unknown = await setLink('00000000-0000-4000-8000-000000000000', link);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a canceled session', async () => {
    const booking = await createBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(6, 10 * 60),
      status: 'canceled',
    });
    const response = await setLink(booking.id, 'https://meet.example.com/late');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('BOOKING_CANCELED');
  });
});

describe('PATCH /api/bookings/{id}/attendance', () => {
  it('marks a started session present with notes, records who and when, and resets it', async () => {
    const booking = await startedSession();
    const before = Date.now();
    const present = await mark(booking.id, { status: 'present', notes: '  Calmer today.  ' });
    expect(present.statusCode, present.body).toBe(200);
    expect(present.json().data).toMatchObject({
      attendanceStatus: 'attended',
      attendanceNotes: 'Calmer today.',
      markedBy: 'psychologist',
    });
    let stored = await row(booking.id);
    expect(stored.markedBy).toBe(psychologist.user.id);
    expect(stored.markedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Saving notes again under the same status keeps who marked it and when.
    const markedAt = stored.markedAt!.getTime();
    await new Promise((resolve) => setTimeout(resolve, 10)); // so a new mark would differ
    await mark(booking.id, { status: 'present', notes: 'Calmer today. Slept well.' });
    expect((await row(booking.id)).markedAt!.getTime()).toBe(markedAt);

    const absent = await mark(booking.id, { status: 'absent' });
    expect(absent.json().data).toMatchObject({
      attendanceStatus: 'canceled',
      attendanceNotes: 'Calmer today. Slept well.',
    });
    expect((await mark(booking.id, { status: 'attended', notes: '' })).json().data).toMatchObject({
      attendanceStatus: 'attended',
      attendanceNotes: null,
    });

    const reset = await mark(booking.id, { status: 'scheduled' });
    expect(reset.json().data).toMatchObject({
      attendanceStatus: 'scheduled',
      markedBy: null,
      markedAt: null,
    });
    stored = await row(booking.id);
    expect(stored.markedBy).toBeNull();
    // The booking itself stays booked: 'canceled' attendance means absent, not a cancellation.
    expect(stored.status).toBe('booked');
  });

  it('keeps notes of 500 characters and refuses 501 with 400, leaving the record as it was', async () => {
    const booking = await startedSession();
    const ok = await mark(booking.id, { status: 'present', notes: 'n'.repeat(500) });
    expect(ok.statusCode).toBe(200);
    const tooLong = await mark(booking.id, { status: 'absent', notes: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('body.notes: Notes can be at most 500 characters');
    const stored = await row(booking.id);
    expect(stored.attendanceStatus).toBe('attended');
    expect(stored.attendanceNotes).toBe('n'.repeat(500));
  });

  it('refuses an unknown status', async () => {
    const booking = await startedSession();
    const response = await mark(booking.id, { status: 'late' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^body\.status: status must be present/);
  });

  it('waits until the session has started', async () => {
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(5, 10 * 60),
    );
    const response = await mark(bookingId, { status: 'present' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SESSION_NOT_STARTED');
    expect((await row(bookingId)).attendanceStatus).toBe('scheduled');
  });

  it('lets only the session’s psychologist mark it (403 for the patient and other psychologists)', async () => {
    const booking = await startedSession();
    expect((await mark(booking.id, { status: 'present' }, null)).statusCode).toBe(401);
    for (const caller of [patient, otherPatient, otherPsychologist]) {
      const response = await mark(booking.id, { status: 'present', notes: 'x' }, caller);
      expect(response.statusCode).toBe(403);
    }
    // Refused by who they are, before their body is even read.
    expect((await mark(booking.id, { status: 'late' }, patient)).statusCode).toBe(403);
    expect((await row(booking.id)).attendanceStatus).toBe('scheduled');
  });

  it('refuses a canceled booking and a hold', async () => {
    const canceled = await createBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(Date.now() - 30 * 60_000),
      status: 'canceled',
    });
    const refused = await mark(canceled.id, { status: 'present' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BOOKING_CANCELED');

    const held = await createBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: otherPatient.user.id,
      startsAt: istSlot(7, 15 * 60),
      status: 'held',
    });
    const holdRefused = await mark(held.id, { status: 'present' });
    expect(holdRefused.statusCode).toBe(409);
    expect(holdRefused.json().error.code).toBe('BOOKING_NOT_CONFIRMED');
  });

  it('never shows attendance notes to the patient', async () => {
    const booking = await startedSession();
    await mark(booking.id, { status: 'present', notes: 'Private clinical note' });
    const from = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
    const events = await context.app.inject({
      url: `/api/events?startDate=${from}`,
      headers: patient.headers,
    });
    const seen = eventsOf(events).find((event) => event.id === booking.id);
    expect(seen).toMatchObject({ attendanceStatus: 'attended', attendanceNotes: null });
    const list = await context.app.inject({
      url: `/api/bookings/user/${patient.user.id}`,
      headers: patient.headers,
    });
    expect(list.body).not.toContain('Private clinical note');

    const own = await context.app.inject({
      url: `/api/events?startDate=${from}`,
      headers: psychologist.headers,
    });
    const mine = eventsOf(own).find((event) => event.id === booking.id);
    expect(mine?.attendanceNotes).toBe('Private clinical note');
  });
});

describe('PUT /api/events/{id} with nothing to change', () => {
  it('answers with the session unchanged (found by the route fuzzer: it was a 500)', async () => {
    const booking = await startedSession();
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/events/${booking.id}`,
      headers: psychologist.headers,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: booking.id, title: booking.title });
  });
});
