import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderData } from '@sukoon/shared';
import { bookings, paymentOrders } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { istSlot, payAndVerify } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

describe('GET /api/bookings/holds/{id}/order resumes paying a hold', () => {
  const context = useTestApp();
  let patient: Caller;
  let other: Caller;
  let psychologist: Caller;

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    other = await signedInAs(db, 'patient');
    psychologist = await signedInAs(db, 'psychologist');
  });

  const hold = async (caller: Caller, day: number) => {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: caller.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(day, 10 * 60).toISOString(),
        duration: 45,
        title: 'Sleep',
        description: 'Waking at 4',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: CreateOrderData }>().data;
  };
  const resume = (caller: Caller, bookingId: string) =>
    context.app.inject({
      url: `/api/bookings/holds/${bookingId}/order`,
      headers: caller.headers,
    });

  it('answers the same order, amount and expiry as when the hold was placed, opening none', async () => {
    const placed = await hold(patient, 2);
    const before = await context.database.db.select().from(paymentOrders);
    const answer = await resume(patient, placed.booking_id);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json<{ data: CreateOrderData }>().data;
    expect(data).toEqual(placed);
    expect(await context.database.db.select().from(paymentOrders)).toHaveLength(before.length);
    // And paying that order books the session.
    await payAndVerify(context.app, patient, data.order_id);
    const [row] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, placed.booking_id));
    expect(row!.status).toBe('booked');
    const paid = await resume(patient, placed.booking_id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/already paid/);
  });

  it('refuses another patient and a psychologist', async () => {
    const placed = await hold(patient, 3);
    expect((await resume(other, placed.booking_id)).statusCode).toBe(403);
    expect((await resume(psychologist, placed.booking_id)).statusCode).toBe(403);
  });

  it('refuses a released or expired hold with a message saying what to do', async () => {
    const released = await hold(patient, 4);
    await context.app.inject({
      method: 'DELETE',
      url: `/api/bookings/holds/${released.booking_id}`,
      headers: patient.headers,
    });
    const answer = await resume(patient, released.booking_id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toMatch(/Choose a time again/);

    const expired = await hold(other, 5);
    await context.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, expired.booking_id));
    expect((await resume(other, expired.booking_id)).statusCode).toBe(409);
  });

  it('answers 404 for a booking that does not exist and 400 for a bad id', async () => {
    expect((await resume(patient, '00000000-0000-4000-8000-000000000999')).statusCode).toBe(404);
    expect((await resume(patient, 'nope')).statusCode).toBe(400);
  });
});
