import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION, type AccountExport } from '@sukoon/shared';
import { auditEvents, bookings, mailOutbox, paymentOrders, users } from '../../db/schema';
import { createPaidBooking } from '../../db/factories';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const context = useTestApp();
const db = () => context.database.db;

async function user(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}
async function booking(id: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}
const exportOf = (as: Caller) =>
  context.app.inject({ url: '/api/users/me/export', headers: as.headers });
const deleteAccount = (as: Caller, password: unknown) =>
  context.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: as.headers,
    payload: { password },
  });

describe('consent at registration', () => {
  const register = (suffix: string, extra: object) =>
    context.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: `consent_${suffix}`,
        email: `consent.${suffix}@example.test`,
        password: 'a-long-new-passphrase',
        role: 'patient',
        ...extra,
      },
    });
  // Registration names no user (it answers alike for a taken email): look the account up instead.
  const registered = async (suffix: string) => {
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.email, `consent.${suffix}@example.test`));
    return row!;
  };

  it('records the consent and the notice version when given', async () => {
    const response = await register('yes', { consent: true });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await registered('yes');
    expect(stored.consentVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(stored.consentedAt).toBeInstanceOf(Date);
  });

  it('keeps the original client working without it, and refuses anything but true', async () => {
    const response = await register('absent', {});
    expect(response.statusCode).toBe(201);
    const stored = await registered('absent');
    expect(stored.consentedAt).toBeNull();
    const refused = await register('false', { consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/^body\.consent/);
  });
});

describe('downloading your data', () => {
  let psychologist: Caller;
  let patient: Caller;
  let past: string;

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
    past = (
      await createPaidBooking(db(), {
        psychologistId: psychologist.user.id,
        patientId: patient.user.id,
        startsAt: new Date(Date.now() - 26 * 60 * 60_000),
      })
    ).booking.id;
    await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${past}/attendance`,
      headers: psychologist.headers,
      payload: { status: 'present', notes: 'Confidential observation' },
    });
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(3, 10 * 60),
    );
    await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
  });

  it('gives the patient everything held about them, as a JSON download, without the psychologist’s notes', async () => {
    const response = await exportOf(patient);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="sukoon-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<{ data: AccountExport }>().data;
    expect(data.account).toMatchObject({
      id: patient.user.id,
      email: patient.user.email,
      role: 'patient',
    });
    expect(data.psychologist_profile).toBeNull();
    expect(data.bookings).toHaveLength(2);
    expect(data.bookings.find((b) => b.id === past)).toMatchObject({
      attendanceStatus: 'attended',
      notes: null,
    });
    expect(response.body).not.toContain('Confidential observation');
    // The past session's order, and the canceled one's with its refund.
    expect(data.payments).toHaveLength(2);
    expect(data.payments.every((order) => order.status === 'paid')).toBe(true);
    expect(data.payments.flatMap((order) => order.refunds)).toEqual([
      expect.objectContaining({ status: 'processed', amount: 90_000 }),
    ]);
    expect(data.emails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Booking confirmed/),
        expect.stringMatching(/^Session canceled/),
      ]),
    );
    const exported = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, patient.user.id));
    expect(exported.map((event) => event.action)).toContain('account.data_exported');
  });

  it('includes the account’s language, as chosen', async () => {
    const english = (await exportOf(psychologist)).json<{ data: AccountExport }>().data;
    expect(english.account).toMatchObject({ id: psychologist.user.id, locale: 'en' });
    await db().update(users).set({ locale: 'hi' }).where(eq(users.id, psychologist.user.id));
    const hindi = (await exportOf(psychologist)).json<{ data: AccountExport }>().data;
    expect(hindi.account).toMatchObject({ id: psychologist.user.id, locale: 'hi' });
    await db().update(users).set({ locale: 'en' }).where(eq(users.id, psychologist.user.id));
  });

  it('gives the psychologist their profile and their own notes', async () => {
    const data = (await exportOf(psychologist)).json<{ data: AccountExport }>().data;
    expect(data.psychologist_profile).toMatchObject({ session_45_minute_rate: 900 });
    expect(data.bookings.find((b) => b.id === past)?.notes).toBe('Confidential observation');
  });
});

describe('deleting your account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const patient = await signedInAs(db(), 'patient');
    const response = await deleteAccount(patient, 'not-my-password');
    expect(response.statusCode).toBe(401);
    expect((await user(patient.user.id)).deletedAt).toBeNull();
    expect((await deleteAccount(patient, '')).statusCode).toBe(400);
  });

  it('a patient: upcoming sessions canceled and refunded, holds let go, the past anonymised', async () => {
    const psychologist = await signedInAs(db(), 'psychologist');
    const patient = await signedInAs(db(), 'patient');
    const start = istSlot(4, 11 * 60);
    const upcoming = await bookAndPay(context.app, patient, psychologist.user.id, start);
    const hold = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(4, 14 * 60).toISOString(),
        duration: 20,
        title: 'Held',
        description: 'Paying now',
      },
    });
    const holdId = hold.json<{ data: { booking_id: string } }>().data.booking_id;
    const { booking: pastSession } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(Date.now() - 3 * 24 * 60 * 60_000),
      title: 'My panic attacks',
      description: 'They started at work',
    });
    const psychologistMail = (
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, psychologist.user.email))
    ).length;

    const response = await deleteAccount(patient, 'correct-horse-battery');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { deleted: true, canceled_sessions: 1 } });

    expect(await booking(upcoming.bookingId)).toMatchObject({
      status: 'canceled',
      canceledBy: 'patient',
      paymentStatus: 'refunded',
    });
    expect((await booking(holdId)).status).toBe('canceled');
    expect(await booking(pastSession.id)).toMatchObject({
      title: 'Session',
      description: '',
      status: 'booked',
      pricePaise: 90_000,
    });

    const stored = await user(patient.user.id);
    expect(stored.email).toMatch(/^deleted-[0-9a-f]{32}@deleted\.invalid$/);
    expect(stored.username).toMatch(/^deleted_/);
    expect(stored.deletedAt).toBeInstanceOf(Date);
    // Signed out everywhere, and the old email no longer signs in.
    expect(
      (await context.app.inject({ url: '/api/users/me', headers: patient.headers })).statusCode,
    ).toBe(401);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: patient.user.email, password: 'correct-horse-battery' },
    });
    expect(login.statusCode).toBe(401);
    // Nothing addressed to them stays in the outbox; the psychologist heard of the cancellation.
    const [left] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = lower(${patient.user.email})`);
    expect(left?.count).toBe(0);
    const toPsychologist = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, psychologist.user.email));
    expect(toPsychologist.length).toBe(psychologistMail + 1);
    // Orders keep their amounts (accounting) but not what the patient wrote.
    const orders = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.payerId, patient.user.id));
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.notes).toEqual({ purpose: order.purpose, reference_id: order.referenceId });
    }
    const signIns = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, patient.user.id));
    for (const event of signIns) expect(event.details).not.toHaveProperty('ip');

    // The slot is free again.
    const other = await signedInAs(db(), 'patient');
    const again = await bookAndPay(context.app, other, psychologist.user.id, start);
    expect((await booking(again.bookingId)).status).toBe('booked');
  });

  it('a psychologist: patients of upcoming sessions refunded without a penalty, the profile gone from the list', async () => {
    const psychologist = await signedInAs(db(), 'psychologist');
    const patient = await signedInAs(db(), 'patient');
    const upcoming = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(5, 10 * 60),
    );
    const response = await deleteAccount(psychologist, 'correct-horse-battery');
    expect(response.statusCode, response.body).toBe(200);
    expect(await booking(upcoming.bookingId)).toMatchObject({
      status: 'canceled',
      canceledBy: 'psychologist',
    });
    const penalties = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purpose, 'penalty'));
    expect(penalties.filter((order) => order.referenceId === upcoming.bookingId)).toHaveLength(0);
    const toPatient = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, patient.user.email));
    expect(toPatient.map((mail) => mail.text)).toContainEqual(
      expect.stringContaining('canceled your session'),
    );
    const list = await context.app.inject({ url: '/api/psychologists', headers: patient.headers });
    expect(list.body).not.toContain(psychologist.user.id);
  });
});
