import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY } from '@sukoon/shared';
import {
  auditEvents,
  bookings,
  mailOutbox,
  paymentOrders,
  payments,
  refunds,
} from '../../db/schema';
import { bookAndPay, istSlot, payAndVerify } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const MINUTE = 60_000;

/** Changing a session's length (issue 18): the difference at the rates it was booked at. */
describe('changing the length of a session', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let psychologist: Caller;
  let patient: Caller;
  let otherPatient: Caller;

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
    otherPatient = await signedInAs(db(), 'patient');
    // Rates of its own, so a test can tell booked rates from defaults and from later rates.
    await setRates(600, 1000);
    const policy = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { policy: { ...DEFAULT_PRACTICE_POLICY, patientMovesPerSession: 5 } },
    });
    expect(policy.statusCode, policy.body).toBe(200);
  });

  async function setRates(rate20: number, rate45: number) {
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { session_20_minute_rate: rate20, session_45_minute_rate: rate45 },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const book = (start: Date, duration: 20 | 45, as: Caller = patient) =>
    bookAndPay(context.app, as, psychologist.user.id, start, duration);
  const change = (id: string, start: Date, duration: 20 | 45, as: Caller = patient) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/reschedule`,
      headers: as.headers,
      payload: { start_time: start.toISOString(), duration_minutes: duration },
    });
  const hold = (start: Date, duration: 20 | 45, as: Caller) =>
    context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: as.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: start.toISOString(),
        duration,
        title: 'Stress',
        description: 'Work',
      },
    });
  const row = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** Every refund of the session's payments (its booking and its longer lengths). */
  const refundsOf = (bookingId: string) =>
    db()
      .select({
        key: refunds.idempotencyKey,
        amount: refunds.amountPaise,
        purpose: paymentOrders.purpose,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(paymentOrders.referenceId, bookingId))
      .orderBy(asc(refunds.createdAt), asc(refunds.amountPaise));
  const lastMailTo = async (email: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(sql`${mailOutbox.createdAt} desc, ${mailOutbox.id} desc`)
        .limit(1)
    )[0]!;

  afterEach(() => setRates(600, 1000));

  it('shorter: the difference between the booked rates is refunded, not today’s', async () => {
    const start = istSlot(3, 10 * 60);
    const { bookingId } = await book(start, 45);
    // A rise after booking does not reprice the session.
    await setRates(700, 1500);
    const response = await change(bookingId, start, 20);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      outcome: 'moved',
      refund_paise: 40_000,
      event: { durationMinutes: 20, pricePaise: 60_000, paymentStatus: 'partially_refunded' },
    });
    expect(await row(bookingId)).toMatchObject({
      durationMinutes: 20,
      endsAt: new Date(start.getTime() + 20 * MINUTE),
      pricePaise: 60_000,
      bookedRate20Paise: 60_000,
      bookedRate45Paise: 100_000,
    });
    expect(await refundsOf(bookingId)).toEqual([
      { key: expect.stringMatching(/^shorter-/), amount: 40_000, purpose: 'booking' },
    ]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.bookingId, bookingId), eq(auditEvents.action, 'booking.rescheduled')),
      );
    expect(audit!.details).toEqual({
      from: start.toISOString(),
      to: start.toISOString(),
      from_minutes: 45,
      to_minutes: 20,
      refund_paise: 40_000,
    });
    const mail = await lastMailTo(patient.user.email);
    expect(mail.subject).toMatch(/^Session changed: /);
    expect(mail.text).toContain('Now a 20-minute session (was 45 minutes)');
    expect(mail.text).toContain('₹400 is being refunded for the change');

    // The list says what was paid and what came back.
    const list = await context.app.inject({
      url: `/api/bookings/user/${patient.user.id}`,
      headers: patient.headers,
    });
    const item = (list.json().data as { id: string }[]).find((b) => b.id === bookingId);
    expect(item).toMatchObject({
      paid_paise: 100_000,
      refund: { amount: 40_000 },
      booked_rates: { session_20_paise: 60_000, session_45_paise: 100_000 },
    });

    // Cancelling now refunds what is left, not the whole first payment again.
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.refund.amount).toBe(60_000);
    expect((await row(bookingId)).paymentStatus).toBe('refunded');
  });

  it('longer: the new time is kept while the difference is paid, then the session takes it', async () => {
    const start = istSlot(4, 10 * 60);
    const { bookingId } = await book(start, 20);
    const first = await change(bookingId, start, 45);
    expect(first.statusCode, first.body).toBe(200);
    const required = first.json<{ data: { order_id: string } }>().data;
    expect(required).toMatchObject({ outcome: 'payment_required', amount: 40_000 });
    // Nothing changes before the payment; asking again hands out the same order.
    expect(await row(bookingId)).toMatchObject({ durationMinutes: 20, pricePaise: 60_000 });
    const again = await change(bookingId, start, 45);
    expect(again.json().data.order_id).toBe(required.order_id);

    // The extension is kept: another patient cannot hold it, and the picker shows it taken.
    const taken = await hold(new Date(start.getTime() + 20 * MINUTE), 20, otherPatient);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SLOT_TAKEN');

    const verified = await payAndVerify(context.app, patient, required.order_id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await row(bookingId)).toMatchObject({
      durationMinutes: 45,
      endsAt: new Date(start.getTime() + 45 * MINUTE),
      pricePaise: 100_000,
      paymentStatus: 'completed',
      pendingStartsAt: null,
      patientMoves: 1,
    });
    const mail = await lastMailTo(psychologist.user.email);
    expect(mail.text).toContain('Now a 45-minute session (was 20 minutes)');

    // A cancellation gives back both payments, each at most what it was.
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.refund.amount).toBe(100_000);
    expect(await refundsOf(bookingId)).toEqual([
      { key: expect.stringMatching(/^cancel-.+-.+/), amount: 40_000, purpose: 'length_change' },
      { key: `cancel-${bookingId}`, amount: 60_000, purpose: 'booking' },
    ]);
    expect((await row(bookingId)).paymentStatus).toBe('refunded');
  });

  it('a payment after the new time stopped being kept is refunded, even when the time is still free', async () => {
    const start = istSlot(5, 16 * 60);
    const { bookingId } = await book(start, 20);
    const { data: required } = (await change(bookingId, start, 45)).json<{
      data: { order_id: string };
    }>();
    await db()
      .update(bookings)
      .set({ pendingExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, bookingId));
    const verified = await payAndVerify(context.app, patient, required.order_id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json<{ error: { code: string } }>().error.code).toBe('LENGTH_CHANGE_REFUNDED');
    expect(await row(bookingId)).toMatchObject({ durationMinutes: 20, pricePaise: 60_000 });
    expect(await refundsOf(bookingId)).toEqual([
      expect.objectContaining({ amount: 40_000, purpose: 'length_change' }),
    ]);
    // Asking again keeps the time again and pays a fresh order.
    const again = (await change(bookingId, start, 45)).json<{ data: { order_id: string } }>();
    expect(again.data.order_id).not.toBe(required.order_id);
    expect((await payAndVerify(context.app, patient, again.data.order_id)).statusCode).toBe(200);
    expect(await row(bookingId)).toMatchObject({ durationMinutes: 45, pricePaise: 100_000 });
  });

  it('cancelling while a longer length waits for payment cancels, lets the time go, refunds that payment', async () => {
    const start = istSlot(5, 18 * 60);
    const { bookingId } = await book(start, 20);
    const { data: required } = (await change(bookingId, start, 45)).json<{
      data: { order_id: string };
    }>();
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await row(bookingId)).toMatchObject({ status: 'canceled', pendingStartsAt: null });
    // The kept extension is free for another patient at once.
    const other = await hold(new Date(start.getTime() + 20 * MINUTE), 20, otherPatient);
    expect(other.statusCode, other.body).toBe(200);
    await context.app.inject({
      method: 'DELETE',
      url: `/api/bookings/holds/${other.json<{ data: { booking_id: string } }>().data.booking_id}`,
      headers: otherPatient.headers,
    });
    // Paying the old order now is refused and refunded; the list adds it to what was paid.
    const late = await payAndVerify(context.app, patient, required.order_id);
    expect(late.json<{ error: { code: string } }>().error.code).toBe('LENGTH_CHANGE_REFUNDED');
    const list = await context.app.inject({
      url: `/api/bookings/user/${patient.user.id}`,
      headers: patient.headers,
    });
    const item = list
      .json<{ data: { id: string; paid_paise: number; refund: { amount: number } }[] }>()
      .data.find((b) => b.id === bookingId);
    expect(item).toMatchObject({ paid_paise: 100_000, refund: { amount: 100_000 } });
  });

  it('a late payment for a time taken meanwhile is refunded in full and changes nothing', async () => {
    const start = istSlot(5, 10 * 60);
    const { bookingId } = await book(start, 20);
    const { data: required } = (await change(bookingId, start, 45)).json<{
      data: { order_id: string };
    }>();
    // The ten minutes run out, and another patient books the extension.
    await db()
      .update(bookings)
      .set({ pendingExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, bookingId));
    await book(new Date(start.getTime() + 20 * MINUTE), 20, otherPatient);

    const verified = await payAndVerify(context.app, patient, required.order_id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error.code).toBe('LENGTH_CHANGE_REFUNDED');
    expect(await row(bookingId)).toMatchObject({ durationMinutes: 20, pricePaise: 60_000 });
    expect(await refundsOf(bookingId)).toEqual([
      expect.objectContaining({ amount: 40_000, purpose: 'length_change' }),
    ]);
  });

  it('a payment for a change the session no longer matches is refunded', async () => {
    const start = istSlot(6, 10 * 60);
    const { bookingId } = await book(start, 20);
    const { data: required } = (await change(bookingId, start, 45)).json<{
      data: { order_id: string };
    }>();
    // Meanwhile the patient moves it at its own length instead.
    const moved = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/reschedule`,
      headers: patient.headers,
      payload: { start_time: istSlot(6, 14 * 60).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const verified = await payAndVerify(context.app, patient, required.order_id);
    expect(verified.json().error.code).toBe('LENGTH_CHANGE_REFUNDED');
    expect(await row(bookingId)).toMatchObject({
      durationMinutes: 20,
      startsAt: istSlot(6, 14 * 60),
    });
  });

  it('a longer length and another patient’s hold racing for one interval: exactly one wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const start = istSlot(7 + round, 10 * 60);
      const { bookingId } = await book(start, 20);
      const [longer, other] = await Promise.all([
        change(bookingId, start, 45),
        hold(new Date(start.getTime() + 20 * MINUTE), 20, otherPatient),
      ]);
      const codes = [longer.statusCode, other.statusCode].sort();
      expect(codes, `${longer.body} / ${other.body}`).toEqual([200, 409]);
      // Release whichever won, so the next round starts clean.
      if (other.statusCode === 200) {
        await context.app.inject({
          method: 'DELETE',
          url: `/api/bookings/holds/${other.json().data.booking_id}`,
          headers: otherPatient.headers,
        });
      }
    }
  });

  it('only the patient changes the length of a paid session; a psychologist changes their own events', async () => {
    const start = istSlot(12, 10 * 60);
    const { bookingId } = await book(start, 45);
    const refused = await change(bookingId, istSlot(13, 10 * 60), 20, psychologist);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LENGTH_CHANGE_NOT_ALLOWED');
    const stranger = await change(bookingId, start, 20, otherPatient);
    expect(stranger.statusCode).toBe(403);

    const own = await context.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: psychologist.headers,
      payload: {
        title: 'Supervision',
        description: 'Peer supervision',
        startDate: istSlot(12, 15 * 60).toISOString(),
        endDate: new Date(istSlot(12, 15 * 60).getTime() + 20 * MINUTE).toISOString(),
        meetingLink: 'https://meet.example.com/abc',
        color: 'green',
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json<{ data: { id: string } }>().data.id;
    const longer = await change(ownId, istSlot(12, 15 * 60), 45, psychologist);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().data).toMatchObject({
      outcome: 'moved',
      refund_paise: null,
      event: { durationMinutes: 45 },
    });
  });

  it('a length other than 20 or 45 minutes is a 400 that says so and changes nothing', async () => {
    const start = istSlot(14, 10 * 60);
    const { bookingId } = await book(start, 20);
    for (const duration_minutes of [30, '45', null]) {
      const response = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${bookingId}/reschedule`,
        headers: patient.headers,
        payload: { start_time: start.toISOString(), duration_minutes },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain('Duration must be 20 or 45 minutes');
    }
    expect(await row(bookingId)).toMatchObject({
      durationMinutes: 20,
      pendingStartsAt: null,
      startsAt: start,
    });
  });
});
