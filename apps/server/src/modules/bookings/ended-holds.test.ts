import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentOrders } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { RETENTION_DAYS, purgeExpiredData } from '../retention/retention';

type Caller = Awaited<ReturnType<typeof signedInAs>>;
const DAY = 24 * 60 * 60 * 1000;

describe('holds that ended without a payment', () => {
  const context = useTestApp();
  let patient: Caller;
  let psychologist: Caller;
  const released: string[] = [];
  let booked: string;

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    psychologist = await signedInAs(db, 'psychologist');
    // Five holds placed and let go (a checkout dismissed five times), and one session paid for.
    for (let index = 0; index < 5; index += 1) {
      const hold = await context.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: patient.headers,
        payload: {
          psychologist_id: psychologist.user.id,
          start_time: istSlot(2, 9 * 60 + index * 60).toISOString(),
          duration: 20,
          title: 'Worry',
          description: 'Exams',
        },
      });
      const bookingId = hold.json<{ data: { booking_id: string } }>().data.booking_id;
      await context.app.inject({
        method: 'DELETE',
        url: `/api/bookings/holds/${bookingId}`,
        headers: patient.headers,
      });
      released.push(bookingId);
    }
    booked = (await bookAndPay(context.app, patient, psychologist.user.id, istSlot(3, 10 * 60)))
      .bookingId;
  });

  const listOf = async (caller: Caller) => {
    const answer = await context.app.inject({
      url: `/api/bookings/user/${caller.user.id}`,
      headers: caller.headers,
    });
    return answer.json<{ data: Array<{ id: string }> }>().data.map((item) => item.id);
  };

  it('are left out of both lists and of the data export', async () => {
    expect(await listOf(patient)).toEqual([booked]);
    expect(await listOf(psychologist)).toEqual([booked]);
    const exported = await context.app.inject({
      url: '/api/users/me/export',
      headers: patient.headers,
    });
    const { bookings: inExport } = exported.json<{ data: { bookings: Array<{ id: string }> } }>()
      .data;
    expect(inExport.map((item) => item.id)).toEqual([booked]);
  });

  it('are purged after two days, unless their payment order still waits for reconciliation', async () => {
    const db = context.database.db;
    const now = new Date();
    const [waiting, young, ...old] = released;
    await db
      .update(bookings)
      .set({ createdAt: new Date(now.getTime() - (RETENTION_DAYS.endedHolds + 1) * DAY) })
      .where(inArray(bookings.id, [waiting!, ...old]));
    // Reconciliation has asked about every order but the waiting one's.
    await db
      .update(paymentOrders)
      .set({ reconciledAt: now })
      .where(sql`${paymentOrders.referenceId} <> ${waiting!}`);

    const purged = await purgeExpiredData(db, now);
    expect(purged.endedHolds).toBe(old.length);
    const left = await db.select({ id: bookings.id }).from(bookings);
    expect(left.map((row) => row.id).sort()).toEqual([waiting!, young!, booked].sort());
    const [session] = await db.select().from(bookings).where(eq(bookings.id, booked));
    expect(session!.status).toBe('booked');
  });
});
