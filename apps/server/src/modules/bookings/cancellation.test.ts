import { attachmentText } from '../../../test/mailbox';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingReminders,
  bookings,
  mailOutbox,
  paymentOrders,
  payments,
  refunds,
} from '../../db/schema';
import { createBooking, createPaidBooking } from '../../db/factories';
import { ProviderError } from '../payments/payment-provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { bookAndPay, istSlot, payAndVerify } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp, type TestContext } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

function helpers(context: TestContext) {
  const db = () => context.database.db;
  return {
    db,
    cancel: (id: string, as: Caller | null) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancel-user/${id}`,
        ...(as ? { headers: as.headers } : {}),
      }),
    booking: async (id: string) => {
      const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
      return row!;
    },
    /** Every refund of every payment against the order (by its provider id). */
    refundsOfOrder: async (orderId: string) => {
      return db()
        .select({ refund: refunds })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(paymentOrders.providerOrderId, orderId))
        .then((rows) => rows.map((row) => row.refund));
    },
    mailTo: async (email: string) => {
      return db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(asc(mailOutbox.createdAt));
    },
    order: async (orderId: string, as: Caller) => {
      const response = await context.app.inject({
        url: `/api/payments/orders/${orderId}`,
        headers: as.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as {
        status: string;
        refunds: { status: string; amount: number; attempts: number }[];
      };
    },
    listItem: async (bookingId: string, as: Caller) => {
      const response = await context.app.inject({
        url: `/api/bookings/user/${as.user.id}`,
        headers: as.headers,
      });
      return (response.json().data as { id: string }[]).find((item) => item.id === bookingId) as
        Record<string, unknown> | undefined;
    },
  };
}

describe('cancellation', () => {
  const context = useTestApp();
  const { db, cancel, booking, refundsOfOrder, mailTo, order, listItem } = helpers(context);
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

  const book = (days: number, minute: number, duration: 20 | 45 = 45) =>
    bookAndPay(context.app, patient, psychologist.user.id, istSlot(days, minute), duration);

  it('a patient cancels free of charge: the slot is free again, the fee refunded in full, both emailed', async () => {
    const start = istSlot(3, 10 * 60);
    const { bookingId, orderId } = await book(3, 10 * 60);
    const mailBefore = (await mailTo(psychologist.user.email)).length;

    const response = await cancel(bookingId, patient);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      outcome: 'canceled',
      booking_id: bookingId,
      refund: { status: 'processed', amount: 90_000, currency: 'INR', attempts: 1 },
    });

    expect(await booking(bookingId)).toMatchObject({
      status: 'canceled',
      canceledBy: 'patient',
      paymentStatus: 'refunded',
    });
    // The refund went to the provider with the cancellation's idempotency key.
    const [refund] = await refundsOfOrder(orderId);
    expect(refund).toMatchObject({
      status: 'processed',
      amountPaise: 90_000,
      idempotencyKey: `cancel-${bookingId}`,
    });
    expect((await order(orderId, patient)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', amount: 90_000 }),
    ]);
    expect(await listItem(bookingId, patient)).toMatchObject({
      status: 'canceled',
      canceled_by: 'patient',
      payment_status: 'refunded',
      refund: { status: 'processed', amount: 90_000, currency: 'INR', attempts: 1 },
    });

    // No reminder will go out for it.
    const reminders = await db()
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((reminder) => reminder.status === 'skipped')).toBe(true);

    const toPatient = (await mailTo(patient.user.email)).at(-1)!;
    expect(toPatient.subject).toMatch(/^Session canceled: /);
    expect(toPatient.text).toContain('You canceled your session');
    expect(toPatient.text).toContain('₹900 is being refunded in full');
    const ics = attachmentText(toPatient.attachments[0]);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${bookingId}@sukoon`);
    const toPsychologist = await mailTo(psychologist.user.email);
    expect(toPsychologist).toHaveLength(mailBefore + 1);
    expect(toPsychologist.at(-1)!.text).toContain(`${patient.user.username} canceled`);

    // The slot is bookable again, by anyone.
    const again = await bookAndPay(context.app, otherPatient, psychologist.user.id, start);
    expect((await booking(again.bookingId)).status).toBe('booked');
  });

  it('refuses a second cancellation and never refunds twice', async () => {
    const { bookingId, orderId } = await book(3, 12 * 60);
    expect((await cancel(bookingId, patient)).statusCode).toBe(200);
    const again = await cancel(bookingId, patient);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'BOOKING_ALREADY_CANCELED',
      message: 'This session is already canceled.',
    });
    expect(await refundsOfOrder(orderId)).toHaveLength(1);
    // A canceled booking cannot be marked attended either.
    const marked = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/attendance`,
      headers: psychologist.headers,
      payload: { status: 'present' },
    });
    expect(marked.statusCode).toBe(409);
  });

  it('gives one cancellation to ten parallel attempts by the patient', async () => {
    const { bookingId, orderId } = await book(3, 14 * 60);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => cancel(bookingId, patient)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(await refundsOfOrder(orderId)).toHaveLength(1);
  });

  it('refuses to cancel a session that has started or ended', async () => {
    const { booking: past } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(Date.now() - 10 * 60_000),
    });
    for (const caller of [patient, psychologist]) {
      const response = await cancel(past.id, caller);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('SESSION_ALREADY_STARTED');
    }
    expect(await booking(past.id)).toMatchObject({ status: 'booked', paymentStatus: 'completed' });
    const penaltyOrders = await db()
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.purpose, 'penalty'), eq(paymentOrders.referenceId, past.id)));
    expect(penaltyOrders).toHaveLength(0);
  });

  it('lets only the session’s patient and psychologist cancel', async () => {
    const { bookingId } = await book(3, 16 * 60);
    expect((await cancel(bookingId, null)).statusCode).toBe(401);
    for (const stranger of [otherPatient, otherPsychologist]) {
      const response = await cancel(bookingId, stranger);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        'Only the patient or the psychologist of this session can cancel it.',
      );
    }
    expect((await cancel('00000000-0000-4000-8000-000000000000', patient)).statusCode).toBe(404);
    expect((await cancel('not-a-booking', patient)).statusCode).toBe(400);
    expect((await booking(bookingId)).status).toBe('booked');
  });

  it('refuses a slot that is only held while its payment runs', async () => {
    const hold = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(3, 18 * 60).toISOString(),
        duration: 20,
        title: 'Held',
        description: 'Still paying',
      },
    });
    const bookingId = hold.json().data.booking_id as string;
    const response = await cancel(bookingId, patient);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('BOOKING_NOT_CONFIRMED');
  });

  it('accepts the original client’s bodiless PATCH with a JSON content type', async () => {
    const { bookingId } = await book(3, 19 * 60, 20);
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: { ...patient.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a psychologist pays the 100 INR penalty first; its verification cancels and refunds the patient', async () => {
    const { bookingId, orderId } = await book(4, 10 * 60);
    const patientMail = (await mailTo(patient.user.email)).length;

    const response = await cancel(bookingId, psychologist);
    expect(response.statusCode, response.body).toBe(200);
    const penalty = response.json<{ data: { order_id: string } }>().data;
    expect(penalty).toMatchObject({
      outcome: 'penalty_required',
      booking_id: bookingId,
      amount: 10_000,
      currency: 'INR',
      checkout: { provider: 'sandbox', amount: 10_000 },
    });
    // The checkout names the session's date as the app writes dates, never the raw 2026-11-28.
    const { description } = response.json<{ data: { checkout: { description: string } } }>().data
      .checkout;
    expect(description).toMatch(
      /^Cancellation fee: session on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, 10:00 AM IST$/,
    );
    expect(description).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Nothing is canceled until the fee is paid.
    expect((await booking(bookingId)).status).toBe('booked');

    // The patient cannot pay the psychologist's penalty for them.
    const foreign = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: patient.headers,
      payload: {
        order_id: penalty.order_id,
        method: 'upi',
        vpa: 'success@razorpay',
        outcome: 'success',
      },
    });
    expect(foreign.statusCode).toBe(403);

    const verified = await payAndVerify(context.app, psychologist, penalty.order_id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({
      purpose: 'penalty',
      referenceId: bookingId,
      amountPaise: 10_000,
    });

    expect(await booking(bookingId)).toMatchObject({
      status: 'canceled',
      canceledBy: 'psychologist',
      paymentStatus: 'refunded',
    });
    expect((await order(penalty.order_id, psychologist)).status).toBe('paid');
    expect((await order(orderId, patient)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', amount: 90_000 }),
    ]);
    expect(await listItem(bookingId, patient)).toMatchObject({
      canceled_by: 'psychologist',
      refund: { status: 'processed', amount: 90_000 },
    });
    const toPatient = await mailTo(patient.user.email);
    expect(toPatient).toHaveLength(patientMail + 1);
    expect(toPatient.at(-1)!.text).toContain('canceled your session');
    expect(toPatient.at(-1)!.text).toContain('₹900 is being refunded in full');
    expect((await mailTo(psychologist.user.email)).at(-1)!.text).toContain(
      'Cancellation fee paid: ₹100.',
    );

    // Paying the same penalty order again changes nothing.
    const again = await cancel(bookingId, psychologist);
    expect(again.json().error.code).toBe('BOOKING_ALREADY_CANCELED');
  });

  it('words both checkouts in the payer’s language: the session’s fee and the penalty (issue 22)', async () => {
    const hindiPsychologist = await signedInAs(db(), 'psychologist');
    const hindiPatient = await signedInAs(db(), 'patient');
    for (const who of [hindiPsychologist, hindiPatient]) {
      const chosen = await context.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: who.headers,
        payload: { locale: 'hi' },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    const hold = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: hindiPatient.headers,
      payload: {
        psychologist_id: hindiPsychologist.user.id,
        start_time: istSlot(5, 10 * 60).toISOString(),
        duration: 20,
        title: 'Feeling low',
        description: 'Hard to get going in the mornings',
      },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json().data.checkout.description).toMatch(/^.+ के साथ 20 मिनट का सेशन$/);
    const { bookingId } = await bookAndPay(
      context.app,
      hindiPatient,
      hindiPsychologist.user.id,
      istSlot(5, 10 * 60),
      20,
    );
    const penalty = await cancel(bookingId, hindiPsychologist);
    expect(penalty.statusCode, penalty.body).toBe(200);
    // "शनि, 28 नव॰ 2026, 10:00 am IST", as the app writes the date in Hindi.
    expect(penalty.json().data.checkout.description).toMatch(
      /^कैंसलेशन फ़ीस: [\u0900-\u097F]+, \d{1,2} \S+ \d{4}, 10:00 am IST का सेशन$/,
    );
  });

  it('refunds the penalty when the patient canceled first, and the patient only once', async () => {
    const { bookingId, orderId } = await book(4, 12 * 60);
    const penalty = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>()
      .data;
    expect((await cancel(bookingId, patient)).statusCode).toBe(200);

    const verified = await payAndVerify(context.app, psychologist, penalty.order_id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error.code).toBe('PENALTY_REFUNDED');
    expect((await order(penalty.order_id, psychologist)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', amount: 10_000 }),
    ]);
    expect(await refundsOfOrder(orderId)).toHaveLength(1);
    expect((await booking(bookingId)).canceledBy).toBe('patient');
  });

  it('hands the same penalty order out again instead of opening another', async () => {
    const { bookingId } = await book(4, 14 * 60);
    const first = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>();
    const second = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>();
    expect(second.data.order_id).toBe(first.data.order_id);
    const orders = await db()
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.purpose, 'penalty'), eq(paymentOrders.referenceId, bookingId)));
    expect(orders).toHaveLength(1);
  });

  it('refunds a penalty paid once the session has started', async () => {
    const { bookingId, orderId } = await book(4, 16 * 60);
    const penalty = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>()
      .data;
    // Time passes: the session starts before the fee is paid.
    const started = new Date(Date.now() - 2 * 60 * 60_000);
    await db()
      .update(bookings)
      .set({ startsAt: started, endsAt: new Date(started.getTime() + 45 * 60_000) })
      .where(eq(bookings.id, bookingId));
    const verified = await payAndVerify(context.app, psychologist, penalty.order_id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json<{ error: { code: string } }>().error.code).toBe('PENALTY_REFUNDED');
    expect((await booking(bookingId)).status).toBe('booked');
    expect((await order(penalty.order_id, psychologist)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', amount: 10_000 }),
    ]);
    expect(await refundsOfOrder(orderId)).toHaveLength(0);
  });

  it('cancels once when two penalty orders are both paid, refunding the second fee', async () => {
    const { bookingId, orderId } = await book(4, 18 * 60);
    const first = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>()
      .data;
    // The first order is no longer handed out (say, the psychologist came back a day later).
    await db()
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.providerOrderId, first.order_id));
    const second = (await cancel(bookingId, psychologist)).json<{ data: { order_id: string } }>()
      .data;
    expect(second.order_id).not.toBe(first.order_id);
    expect((await payAndVerify(context.app, psychologist, first.order_id)).statusCode).toBe(200);
    const again = await payAndVerify(context.app, psychologist, second.order_id);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('PENALTY_REFUNDED');
    expect((await order(second.order_id, psychologist)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', amount: 10_000 }),
    ]);
    expect(await refundsOfOrder(orderId)).toHaveLength(1);
  });

  it('cancels a psychologist’s own event without a patient at once, with no fee', async () => {
    const event = await createBooking(db(), {
      psychologistId: psychologist.user.id,
      startsAt: istSlot(4, 15 * 60),
      pricePaise: 0,
    });
    const response = await cancel(event.id, psychologist);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      outcome: 'canceled',
      booking_id: event.id,
      refund: null,
    });
    expect((await booking(event.id)).status).toBe('canceled');
  });
});

describe('a refund the provider refuses once', () => {
  let refundCalls: string[] = [];
  const context = useTestApp({}, (database) => {
    const sandbox = createSandboxProvider(database.db);
    return {
      paymentProvider: {
        ...sandbox,
        async refund(input) {
          refundCalls.push(input.idempotencyKey);
          if (refundCalls.length === 1) {
            throw new ProviderError('Gateway timeout', true, 504);
          }
          return sandbox.refund(input);
        },
      },
    };
  });
  const { db, cancel, booking, refundsOfOrder, order, listItem } = helpers(context);

  it('stays pending and visible, then goes through on retry with the same idempotency key', async () => {
    const psychologist = await signedInAs(db(), 'psychologist');
    const patient = await signedInAs(db(), 'patient');
    const { bookingId, orderId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(3, 11 * 60),
      20,
    );
    refundCalls = [];

    const response = await cancel(bookingId, patient);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.refund).toEqual({
      status: 'pending',
      amount: 50_000,
      currency: 'INR',
      attempts: 1,
    });
    // The cancellation stands even though the money has not moved yet.
    expect((await booking(bookingId)).status).toBe('canceled');
    const [pending] = await refundsOfOrder(orderId);
    expect(pending).toMatchObject({ status: 'pending', lastError: 'Gateway timeout' });
    expect(pending!.nextRetryAt.getTime()).toBeGreaterThan(Date.now());
    expect(await listItem(bookingId, patient)).toMatchObject({
      refund: { status: 'pending', attempts: 1 },
    });
    expect((await order(orderId, patient)).refunds[0]).toMatchObject({ status: 'pending' });

    // Nothing is retried before its time; at its time the worker's run sends it.
    expect(await context.app.payments.retryDueRefunds(new Date())).toBe(0);
    const later = new Date(pending!.nextRetryAt.getTime() + 1000);
    expect(await context.app.payments.retryDueRefunds(later)).toBe(1);

    expect(refundCalls).toEqual([`cancel-${bookingId}`, `cancel-${bookingId}`]);
    const [processed] = await refundsOfOrder(orderId);
    expect(processed).toMatchObject({ status: 'processed', attempts: 2, lastError: null });
    expect(await listItem(bookingId, patient)).toMatchObject({
      refund: { status: 'processed', attempts: 2 },
    });
  });
});
