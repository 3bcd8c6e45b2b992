import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { addIsoDays, localDateOf, zonedInstant } from '@sukoon/shared';
import { rows } from './database';
import { request, type HttpAnswer, type RequestOptions } from './http';

const IST = 'Asia/Kolkata';

/** A start `days` from today at `minute` after midnight on an IST psychologist's calendar. */
export function istSlot(days: number, minute: number): Date {
  return zonedInstant(addIsoDays(localDateOf(new Date(), IST), days), minute, IST);
}

/** Every bookable 20-minute start (9:00 to 20:30 IST on the half hour) from `firstDay` on. */
export function slotStarts(firstDay: number, days: number): Date[] {
  const starts: Date[] = [];
  for (let day = firstDay; day < firstDay + days; day += 1) {
    for (let minute = 9 * 60; minute <= 20 * 60 + 30; minute += 30) {
      starts.push(istSlot(day, minute));
    }
  }
  return starts;
}

export interface HoldBody {
  psychologist_id: string;
  start_time: string;
  duration: 20 | 45;
  title: string;
  description: string;
}

export function holdBody(psychologistId: string, start: Date, duration: 20 | 45 = 20): HoldBody {
  return {
    psychologist_id: psychologistId,
    start_time: start.toISOString(),
    duration,
    title: 'Reliability session',
    description: 'Booked by the reliability suite',
  };
}

type Options = Pick<RequestOptions, 'agent' | 'timeoutMs' | 'localAddress'>;

export const createOrder = (url: string, token: string, body: HoldBody, options: Options = {}) =>
  request(url, 'POST', '/api/payments/create-order', { ...options, token, body });

export type WebhookDelivery = 'normal' | 'duplicate' | 'reversed' | 'immediate' | 'none';

export const sandboxPay = (
  url: string,
  token: string,
  orderId: string,
  extra: { webhook?: WebhookDelivery; amount?: number } = {},
  options: Options = {},
) =>
  request(url, 'POST', '/api/payments/sandbox/pay', {
    ...options,
    token,
    body: {
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      outcome: 'success',
      webhook: extra.webhook ?? 'none',
      ...(extra.amount ? { amount: extra.amount } : {}),
    },
  });

export const verifyPayment = (
  url: string,
  token: string,
  response: Record<string, string>,
  options: Options = {},
) => request(url, 'POST', '/api/payments/verify-payment', { ...options, token, body: response });

export const releaseHold = (url: string, token: string, bookingId: string, options: Options = {}) =>
  request(url, 'DELETE', `/api/bookings/holds/${bookingId}`, { ...options, token });

export const errorCode = (answer: HttpAnswer): string | undefined =>
  (answer.body as { error?: { code?: string } } | null)?.error?.code;

/**
 * Plays Razorpay's webhook retries: every payment the sandbox gateway charged that the app has not
 * recorded (its checkout answer and its webhooks were lost with a killed process) is posted to
 * /api/payments/webhook again, signed with the sandbox's secret, as Razorpay redelivers until it gets
 * a 2xx. Returns how many were delivered.
 */
export async function redeliverLostWebhooks(pool: pg.Pool, serverUrl: string): Promise<number> {
  const [key] = await rows<{ secret: string }>(
    pool,
    `select secret from sandbox_secrets where name = 'signing'`,
  );
  if (!key) return 0;
  const webhookSecret = createHmac('sha256', key.secret).update('webhook').digest('hex');
  const lost = await rows<{
    id: string;
    order_id: string;
    amount_paise: number;
    currency: string;
    method: string;
    status: 'captured' | 'failed';
  }>(
    pool,
    `select s.id, s.order_id, s.amount_paise, s.currency, s.method, s.status
     from sandbox_payments s
     where not exists (select 1 from payments p where p.provider_payment_id = s.id)`,
  );
  for (const payment of lost) {
    const event = payment.status === 'captured' ? 'payment.captured' : 'payment.failed';
    const rawBody = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.id,
            entity: 'payment',
            amount: payment.amount_paise,
            currency: payment.currency,
            status: payment.status,
            order_id: payment.order_id,
            method: payment.method,
            captured: payment.status === 'captured',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const answer = await request(serverUrl, 'POST', '/api/payments/webhook', {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', webhookSecret).update(rawBody).digest('hex'),
        'x-razorpay-event-id': `evt_redelivered_${payment.id}`,
      },
      rawBody,
    });
    if (answer.status !== 200) {
      throw new Error(
        `webhook redelivery refused: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  }
  return lost.length;
}

/**
 * The money and booking invariants, each a list of offending rows (all empty when the data is sound).
 * `eventual` ones hold once the background workers have caught up (refunds sent, mail sent, expired
 * holds swept, lost webhooks redelivered).
 */
export async function invariants(pool: pg.Pool) {
  const ids = async (text: string) => (await rows<{ id: string }>(pool, text)).map((r) => r.id);
  return {
    /** A captured payment whose order is not paid by it or whose booking is not booked and paid. */
    capturedWithoutBooking: await ids(`
      select p.provider_payment_id as id from payments p
      join payment_orders o on o.id = p.order_id
      left join bookings b on b.id::text = o.reference_id
      where p.status = 'captured' and o.purpose = 'booking'
        and (b.id is null or b.status <> 'booked' or b.payment_status <> 'completed'
             or o.status <> 'paid' or o.settled_by_payment_id <> p.provider_payment_id)`),
    /** A payment we received but did not keep, without exactly one refund of all of it. */
    rejectedWithoutRefund: await ids(`
      select p.provider_payment_id as id from payments p
      left join refunds r on r.payment_id = p.id
      where p.status = 'rejected'
      group by p.id having count(r.id) <> 1 or coalesce(sum(r.amount_paise), 0) <> min(p.amount_paise)`),
    /** A kept payment that was also refunded (none of these scenarios cancels a session). */
    capturedAndRefunded: await ids(`
      select p.provider_payment_id as id from payments p
      join refunds r on r.payment_id = p.id where p.status = 'captured'`),
    /** A patient's booked session without exactly one captured payment of its order. */
    bookedWithoutPayment: await ids(`
      select b.id::text as id from bookings b
      where b.patient_id is not null and b.status = 'booked'
        and (select count(*) from payment_orders o
             join payments p on p.order_id = o.id and p.status = 'captured'
             where o.purpose = 'booking' and o.reference_id = b.id::text) <> 1`),
    /**
     * Half-written: a patient's hold (whatever became of it since) with no payment order beside it;
     * the hold and its order are written together.
     */
    bookingWithoutOrder: await ids(`
      select b.id::text as id from bookings b
      where b.patient_id is not null
        and not exists (select 1 from payment_orders o
                        where o.purpose = 'booking' and o.reference_id = b.id::text)`),
    /** Two live rows of one psychologist overlapping (the exclusion constraint forbids it). */
    overlapping: await ids(`
      select a.id::text as id from bookings a join bookings b
        on a.psychologist_id = b.psychologist_id and a.id < b.id
       and a.status in ('held', 'booked') and b.status in ('held', 'booked')
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`),
    eventual: {
      /** Money the gateway took that the app never recorded (a lost webhook not redelivered yet). */
      chargedButUnrecorded: await ids(`
        select s.id from sandbox_payments s where s.status = 'captured'
          and not exists (select 1 from payments p where p.provider_payment_id = s.id)`),
      refundsNotProcessed: await ids(
        `select id::text as id from refunds where status <> 'processed'`,
      ),
      mailNotSent: await ids(`select id::text as id from mail_outbox where status <> 'sent'`),
      heldPastExpiry: await ids(
        `select id::text as id from bookings where status = 'held' and hold_expires_at < now()`,
      ),
    },
  };
}

export type Invariants = Awaited<ReturnType<typeof invariants>>;

/** True when every non-eventual invariant holds. */
export function sound(found: Invariants): boolean {
  const { eventual: _eventual, ...now } = found;
  return Object.values(now).every((list) => list.length === 0);
}

/** Every outbox row's Message-ID as the server sends it (`<id@domain>`). */
export async function outboxMessageIds(pool: pg.Pool): Promise<Map<string, string>> {
  const outbox = await rows<{ id: string }>(pool, `select id::text as id from mail_outbox`);
  return new Map(outbox.map((row) => [row.id, `<${row.id}@sukoon.local>`]));
}
