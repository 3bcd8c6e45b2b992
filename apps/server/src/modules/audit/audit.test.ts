import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@sukoon/shared';
import { auditEvents } from '../../db/schema';
import { createPaidBooking } from '../../db/factories';
import { bookAndPay, istSlot, payAndVerify } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const context = useTestApp();
const db = () => context.database.db;
let psychologist: Caller;
let otherPsychologist: Caller;
let patient: Caller;

beforeAll(async () => {
  psychologist = await signedInAs(db(), 'psychologist');
  otherPsychologist = await signedInAs(db(), 'psychologist');
  patient = await signedInAs(db(), 'patient');
});

async function history(bookingId: string, as: Caller = psychologist) {
  const response = await context.app.inject({
    url: `/api/bookings/${bookingId}/history`,
    headers: as.headers,
  });
  return response;
}

async function actions(bookingId: string) {
  const response = await history(bookingId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[] }>().data;
}

describe('the audit log of a booking', () => {
  it('records who created, paid for, set the link of and canceled a session, in order', async () => {
    const { bookingId, orderId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(3, 10 * 60),
    );
    await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/meeting-link`,
      headers: psychologist.headers,
      payload: { meetingLink: 'https://meet.example.com/audited' },
    });
    const penalty = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: psychologist.headers,
    });
    const verified = await payAndVerify(
      context.app,
      psychologist,
      penalty.json<{ data: { order_id: string } }>().data.order_id,
    );
    expect(verified.statusCode).toBe(200);

    const events = await actions(bookingId);
    expect(events.map((event) => [event.action, event.actor])).toEqual(
      expect.arrayContaining([
        ['booking.created', 'patient'],
        ['booking.paid', 'patient'],
        ['booking.meeting_link_set', 'psychologist'],
        ['booking.canceled', 'psychologist'],
        ['booking.refunded', 'system'],
      ]),
    );
    const order = events.map((event) => event.action);
    expect(order.indexOf('booking.created')).toBeLessThan(order.indexOf('booking.paid'));
    expect(order.indexOf('booking.paid')).toBeLessThan(order.indexOf('booking.canceled'));
    expect(events.find((e) => e.action === 'booking.paid')!.details).toMatchObject({
      amount_paise: 90_000,
    });
    expect(events.find((e) => e.action === 'booking.canceled')!.details).toEqual({
      refund_paise: 90_000,
      penalty_paise: 10_000,
    });
    expect(events.find((e) => e.action === 'booking.refunded')!.details).toMatchObject({
      amount_paise: 90_000,
    });
    expect(orderId).toMatch(/^order_/);
  });

  it('records attendance without the notes themselves', async () => {
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(Date.now() - 2 * 60 * 60_000),
    });
    await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking.id}/attendance`,
      headers: psychologist.headers,
      payload: { status: 'present', notes: 'Talked about her brother' },
    });
    const [marked] = await actions(booking.id);
    expect(marked).toMatchObject({
      action: 'booking.attendance_marked',
      actor: 'psychologist',
      details: { status: 'attended', notes: 'written' },
    });
    expect(JSON.stringify(marked)).not.toContain('brother');
  });

  it('writes nothing for a change that was refused', async () => {
    const start = istSlot(3, 12 * 60);
    await bookAndPay(context.app, patient, psychologist.user.id, start);
    const before = (await db().select().from(auditEvents)).length;
    const taken = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: start.toISOString(),
        duration: 20,
        title: 'Again',
        description: 'Same slot',
      },
    });
    expect(taken.statusCode).toBe(409);
    expect((await db().select().from(auditEvents)).length).toBe(before);
  });

  it('is read by the session’s psychologist only', async () => {
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(5, 15 * 60),
    });
    expect((await history(booking.id, patient)).statusCode).toBe(403);
    expect((await history(booking.id, otherPsychologist)).statusCode).toBe(403);
    expect((await history('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const signedOut = await context.app.inject({ url: `/api/bookings/${booking.id}/history` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the audit log of sign-ins', () => {
  it('records sign-ins with the address, refused sign-ins to real accounts, and sign-outs', async () => {
    const login = (password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: patient.user.email, password },
        remoteAddress: '203.0.113.7',
      });
    expect((await login('not-the-password')).statusCode).toBe(401);
    const ok = await login('correct-horse-battery');
    expect(ok.statusCode).toBe(200);
    await context.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${ok.json<{ token: string }>().token}` },
    });
    // Nobody's account: nothing to record.
    await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@example.test', password: 'whatever-it-is' },
    });

    const rows = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, patient.user.id));
    expect(rows.map((row) => [row.action, row.actorRole, row.details])).toEqual([
      ['auth.sign_in_failed', 'system', { reason: 'wrong_password', ip: '203.0.113.7' }],
      ['auth.signed_in', 'patient', { method: 'password', ip: '203.0.113.7' }],
      ['auth.signed_out', 'patient', {}],
    ]);
  });
});
