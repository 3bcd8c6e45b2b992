import type { FastifyInstance } from 'fastify';
import { addIsoDays, localDateOf, zonedInstant } from '@sukoon/shared';
import type { signedInAs } from './sign-in';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const IST = 'Asia/Kolkata';

/** A start `days` from today at `minute` after midnight on an IST psychologist's calendar. */
export function istSlot(days: number, minute: number): Date {
  return zonedInstant(addIsoDays(localDateOf(new Date(), IST), days), minute, IST);
}

async function ok<T>(response: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  if (response.statusCode !== 200) {
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  }
  return (response.json() as { data: T }).data;
}

/**
 * Books and pays a session the way the browser does: create-order (the hold), the sandbox checkout,
 * then verify-payment. Returns the booking and the order that paid for it.
 */
export async function bookAndPay(
  app: FastifyInstance,
  patient: Caller,
  psychologistId: string,
  start: Date,
  durationMinutes: 20 | 45 = 45,
) {
  const order = await ok<{ order_id: string; booking_id: string; amount: number }>(
    await app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologistId,
        start_time: start.toISOString(),
        duration: durationMinutes,
        title: 'Feeling low',
        description: 'Hard to get going in the mornings',
      },
    }),
  );
  const paid = await ok<{ response: Record<string, string> }>(
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: patient.headers,
      payload: {
        order_id: order.order_id,
        method: 'upi',
        vpa: 'success@razorpay',
        outcome: 'success',
        webhook: 'none',
      },
    }),
  );
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: patient.headers,
      payload: paid.response,
    }),
  );
  return { bookingId: order.booking_id, orderId: order.order_id, amountPaise: order.amount };
}

/** Pays an order in the sandbox checkout and verifies it, as the payer; returns verify's response. */
export async function payAndVerify(app: FastifyInstance, payer: Caller, orderId: string) {
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: payer.headers,
    payload: {
      order_id: orderId,
      method: 'card',
      card_number: '4111 1111 1111 1111',
      outcome: 'success',
      webhook: 'none',
    },
  });
  const { response } = await ok<{ response: Record<string, string> }>(paid);
  return app.inject({
    method: 'POST',
    url: '/api/payments/verify-payment',
    headers: payer.headers,
    payload: response,
  });
}
