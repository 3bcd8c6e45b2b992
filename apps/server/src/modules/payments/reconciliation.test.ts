import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentOrders, payments, refunds } from '../../db/schema';
import { createPaidBooking } from '../../db/factories';
import { istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const context = useTestApp();
const db = () => context.database.db;
let psychologist: Caller;
let patient: Caller;

beforeAll(async () => {
  psychologist = await signedInAs(db(), 'psychologist');
  patient = await signedInAs(db(), 'patient');
});

/** Pays an order in the sandbox checkout with no webhook, and never sends the callback. */
async function payAndLoseTheCallback(orderId: string, payer: Caller) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: payer.headers,
    payload: {
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      outcome: 'success',
      webhook: 'none',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function orderRow(providerOrderId: string) {
  const [row] = await db()
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
  return row!;
}

async function paymentsOf(providerOrderId: string) {
  const order = await orderRow(providerOrderId);
  return db().select().from(payments).where(eq(payments.orderId, order.id));
}

/** Just after the order's expiry plus the grace: when the sweep first looks at it. */
async function afterExpiry(providerOrderId: string) {
  return new Date((await orderRow(providerOrderId)).expiresAt.getTime() + 3 * 60_000);
}

describe('reconciliation of payments whose callback and webhook never arrived', () => {
  it('finds a lost booking payment at the provider and refunds it (the hold has expired by then)', async () => {
    const hold = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(3, 10 * 60).toISOString(),
        duration: 20,
        title: 'Lost callback',
        description: 'The browser closed after paying',
      },
    });
    const { order_id: orderId, booking_id: bookingId } = hold.json<{
      data: { order_id: string; booking_id: string };
    }>().data;
    await payAndLoseTheCallback(orderId, patient);
    expect(await paymentsOf(orderId)).toHaveLength(0);

    // Not before the order has expired.
    expect(await context.app.payments.reconcileExpiredOrders(new Date())).toBe(0);
    // By the time the sweep looks, the hold has run out with the order.
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, bookingId));
    expect(await context.app.payments.reconcileExpiredOrders(await afterExpiry(orderId))).toBe(1);

    const [recorded] = await paymentsOf(orderId);
    expect(recorded).toMatchObject({ status: 'rejected', confirmedVia: 'reconciliation' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, recorded!.id));
    expect(refund).toMatchObject({ status: 'processed', amountPaise: 50_000 });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    // Checked once: a second run does not ask again.
    expect(await context.app.payments.reconcileExpiredOrders(await afterExpiry(orderId))).toBe(0);
  });

  it('executes a psychologist’s lost penalty payment: the session is canceled and the patient refunded', async () => {
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(5, 11 * 60),
    });
    const penalty = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${booking.id}`,
      headers: psychologist.headers,
    });
    const orderId = penalty.json<{ data: { order_id: string } }>().data.order_id;
    await payAndLoseTheCallback(orderId, psychologist);

    expect(await context.app.payments.reconcileExpiredOrders(await afterExpiry(orderId))).toBe(1);
    const [canceled] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(canceled).toMatchObject({ status: 'canceled', canceledBy: 'psychologist' });
    expect((await orderRow(orderId)).status).toBe('paid');
  });
});

describe('reconciliation behind a flood of abandoned orders', () => {
  it('settles a lost-webhook payment within minutes behind 20,000 orders that were never paid', async () => {
    const hold = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(4, 14 * 60).toISOString(),
        duration: 20,
        title: 'Behind the flood',
        description: 'The webhook was lost',
      },
    });
    const orderId = hold.json<{ data: { order_id: string } }>().data.order_id;
    await payAndLoseTheCallback(orderId, patient);
    const lost = await orderRow(orderId);
    // Hold+release cycles: each left an unpaid order that expired before the paid one.
    await db().execute(sql`
      insert into payment_orders
        (provider, provider_order_id, purpose, reference_id, payer_id, amount_paise, receipt, expires_at)
      select 'sandbox', 'order_abandoned' || n, 'booking', gen_random_uuid()::text,
        ${patient.user.id}::uuid, 50000, 'abandoned',
        ${lost.expiresAt.toISOString()}::timestamptz - make_interval(secs => 20001 - n)
      from generate_series(1, 20000) as n`);

    let minute = await afterExpiry(orderId);
    for (let run = 0; run < 3 && (await paymentsOf(orderId)).length === 0; run += 1) {
      await context.app.payments.reconcileExpiredOrders(minute);
      minute = new Date(minute.getTime() + 60_000);
    }
    expect(await paymentsOf(orderId)).toMatchObject([{ confirmedVia: 'reconciliation' }]);
    // The abandoned orders were each asked once and are never queued again.
    const [left] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(sql`${paymentOrders.status} = 'created' and ${paymentOrders.reconciledAt} is null`);
    expect(left!.count).toBe(0);
  }, 120_000);
});

describe('a purpose that fails on a captured payment', () => {
  it('keeps the payment recorded, refuses and refunds it, and rolls back only the purpose’s writes', async () => {
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(6, 12 * 60),
      title: 'Untouched',
    });
    context.app.payments.registerPurpose('exploding', {
      async confirm({ tx }) {
        await tx.update(bookings).set({ title: 'Half-written' }).where(eq(bookings.id, booking.id));
        throw new Error('a bug in the purpose');
      },
    });
    const { order } = await context.app.payments.createOrder({
      purpose: 'exploding',
      referenceId: booking.id,
      amountPaise: 12_300,
      payerId: patient.user.id,
      description: 'A purpose with a bug',
    });
    const paid = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: patient.headers,
      payload: {
        order_id: order.providerOrderId,
        method: 'card',
        card_number: '4111 1111 1111 1111',
        outcome: 'success',
        webhook: 'none',
      },
    });
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: patient.headers,
      payload: paid.json<{ data: { response: object } }>().data.response,
    });
    expect(verified.statusCode).toBe(409);
    expect(verified.json<{ error: { code: string } }>().error.code).toBe('PAYMENT_REFUNDED');

    const [recorded] = await paymentsOf(order.providerOrderId);
    expect(recorded).toMatchObject({ status: 'rejected', rejectionReason: 'refused' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, recorded!.id));
    expect(refund).toMatchObject({ status: 'processed', amountPaise: 12_300 });
    const [untouched] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(untouched!.title).toBe('Untouched');
  });
});
