import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createPaidBooking } from '../../db/factories';
import { bookingReminders, mailOutbox } from '../../db/schema';
import { loadEnv } from '../../env';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { createTestDatabase } from '../../../test/test-database';
import { createRemindersRepository } from './reminders-repository';

const HOUR = 60 * 60 * 1000;

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** Two server processes' worth of app on one database, so restarts and races can be staged. */
let database: DatabaseHandle & { url: string | null };
const apps: FastifyInstance[] = [];

async function startApp() {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMITS: 'off',
  });
  const app = await buildApp({ env, database });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

const db = () => database.db;

async function remindersOf(bookingId: string) {
  return db()
    .select()
    .from(bookingReminders)
    .where(eq(bookingReminders.bookingId, bookingId))
    .orderBy(asc(bookingReminders.dueAt));
}

async function reminderMail(email: string) {
  const mail = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
  return mail.filter((message) => message.subject.startsWith('Reminder: '));
}

describe('session reminders', () => {
  let app: FastifyInstance;
  let psychologist: Caller;
  let patient: Caller;

  beforeAll(async () => {
    app = await startApp();
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
  });

  it('go out 24 hours and 1 hour before, once each, with the meeting link as it is then', async () => {
    const start = istSlot(3, 10 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start);
    const scheduled = await remindersOf(bookingId);
    expect(scheduled.map((r) => [r.hoursBefore, r.dueAt.getTime(), r.status])).toEqual([
      [24, start.getTime() - 24 * HOUR, 'pending'],
      [1, start.getTime() - HOUR, 'pending'],
    ]);

    expect(await app.reminders.sendDue(new Date(start.getTime() - 25 * HOUR))).toBe(0);
    // The link is set after the booking; the reminder carries it.
    await app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/meeting-link`,
      headers: psychologist.headers,
      payload: { meetingLink: 'https://meet.example.com/reminded' },
    });
    expect(await app.reminders.sendDue(new Date(start.getTime() - 24 * HOUR + 60_000))).toBe(1);
    let mail = await reminderMail(patient.user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Reminder: your session tomorrow/);
    expect(mail[0]!.text).toContain('Join here: https://meet.example.com/reminded');

    // A second sweep at the same time sends nothing more.
    expect(await app.reminders.sendDue(new Date(start.getTime() - 23 * HOUR))).toBe(0);
    expect(await app.reminders.sendDue(new Date(start.getTime() - HOUR + 1000))).toBe(1);
    mail = await reminderMail(patient.user.email);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.subject).toMatch(/^Reminder: your session in about an hour/);
    expect((await remindersOf(bookingId)).map((r) => r.status)).toEqual(['sent', 'sent']);
    // Nobody else is reminded: the psychologist gets no reminder emails.
    expect(await reminderMail(psychologist.user.email)).toHaveLength(0);
  });

  it('are not sent for a canceled session', async () => {
    const start = istSlot(3, 12 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start);
    const before = (await reminderMail(patient.user.email)).length;
    const canceled = await app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode).toBe(200);
    expect(await app.reminders.sendDue(new Date(start.getTime() - 30 * 60_000))).toBe(0);
    expect(await reminderMail(patient.user.email)).toHaveLength(before);
    expect((await remindersOf(bookingId)).map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });

  it('skip the 24-hour reminder when the server was down through it and the hour has come', async () => {
    const start = istSlot(3, 14 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start, 20);
    const before = (await reminderMail(patient.user.email)).length;
    expect(await app.reminders.sendDue(new Date(start.getTime() - 30 * 60_000))).toBe(1);
    const mail = await reminderMail(patient.user.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.subject).toMatch(/^Reminder: your session in 30 minutes/);
    expect((await remindersOf(bookingId)).map((r) => [r.hoursBefore, r.status])).toEqual([
      [24, 'skipped'],
      [1, 'sent'],
    ]);
    // After the start nothing is sent at all.
    expect(await app.reminders.sendDue(new Date(start.getTime() + HOUR))).toBe(0);
  });

  it('still go out when late, worded from the time actually left', async () => {
    const start = istSlot(3, 15 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start, 20);
    const before = (await reminderMail(patient.user.email)).length;
    // The server was down at 3 PM the day before; at 10 AM on the day the 24-hour one goes out.
    expect(await app.reminders.sendDue(new Date(start.getTime() - 5 * HOUR))).toBe(1);
    const mail = await reminderMail(patient.user.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.subject).toMatch(/^Reminder: your session today at 3:00 PM/);
    expect((await remindersOf(bookingId)).map((r) => r.status)).toEqual(['sent', 'pending']);
  });

  // PGlite has one connection, so nothing can hold a lock beside the sweep there.
  it.skipIf(!process.env.DATABASE_URL)(
    'leave a session alone while a cancellation holds its row',
    async () => {
      const start = istSlot(3, 17 * 60);
      const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start, 20);
      const other = new pg.Client({ connectionString: database.url! });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from bookings where id = $1 for update', [bookingId]);
        expect(await app.reminders.sendDue(new Date(start.getTime() - 30 * 60_000))).toBe(0);
        expect((await remindersOf(bookingId)).map((r) => r.status)).toEqual(['pending', 'pending']);
        await other.query('rollback');
      } finally {
        await other.end();
      }
      expect(await app.reminders.sendDue(new Date(start.getTime() - 30 * 60_000))).toBe(1);
    },
  );

  it('are scheduled only for the times still ahead', async () => {
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(5, 10 * 60),
    });
    const repository = createRemindersRepository(db());
    await repository.schedule(
      booking.id,
      booking.startsAt,
      new Date(booking.startsAt.getTime() - 3 * HOUR),
    );
    expect((await remindersOf(booking.id)).map((r) => r.hoursBefore)).toEqual([1]);
  });

  it('survive a restart, and two servers sweeping at once send each reminder once', async () => {
    const start = istSlot(4, 11 * 60);
    const { bookingId } = await bookAndPay(app, patient, psychologist.user.id, start);
    const before = (await reminderMail(patient.user.email)).length;

    // The server that took the booking goes away; a new process starts on the same database.
    await app.close();
    const first = await startApp();
    const second = await startApp();
    const due = new Date(start.getTime() - HOUR + 1000);
    const sent = await Promise.all([
      first.reminders.sendDue(due),
      second.reminders.sendDue(due),
      first.reminders.sendDue(due),
      second.reminders.sendDue(due),
    ]);
    // Only the 1-hour reminder is due by then; the 24-hour one is covered by it.
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await reminderMail(patient.user.email)).toHaveLength(before + 1);
    expect((await remindersOf(bookingId)).map((r) => r.status)).toEqual(['skipped', 'sent']);
  });
});
