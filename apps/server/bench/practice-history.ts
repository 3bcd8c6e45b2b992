import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * A practice's history in a few statements, as the payment flow would have left it: `count`
 * sessions from `from` (IST), `perDay` a day, 50 minutes apart from 8 AM, each paid through a
 * sandbox order three days before; every 12th canceled by the patient (refunded in full), every
 * 40th by the psychologist (the 100 INR penalty paid, the fee refunded), every 25th made shorter (a
 * partial refund); past ones marked attended, or absent every 9th. The patients take turns.
 * Used by the bench (a financial year of 6,000 sessions) and for the Practice page's screenshots.
 */
export async function seedPracticeHistory(
  db: Database,
  options: {
    psychologistId: string;
    patientIds: string[];
    from: Date;
    count: number;
    perDay: number;
    /** Minutes each day's first session moves on by, over a cycle of four days (0: always 8 AM). */
    drift?: number;
  },
) {
  const { psychologistId, patientIds, from, count, perDay, drift = 0 } = options;
  await db.execute(sql`
    with slot as (
      select k, ${from.toISOString()}::timestamptz + make_interval(days => k / ${perDay})
               + interval '8 hours'
               + make_interval(mins => (k % ${perDay}) * 50 + (k / ${perDay}) % 4 * ${drift}) as starts_at,
             case when k % 5 = 0 then 20 else 45 end as minutes,
             (${`{${patientIds.join(',')}}`}::uuid[])[1 + (k * 7) % ${patientIds.length}] as patient_id
      from generate_series(0, ${count - 1}) as k
    )
    insert into bookings (psychologist_id, patient_id, starts_at, ends_at, duration_minutes, title,
                          price_paise, status, payment_status, attendance_status, canceled_by,
                          canceled_at, booked_rate_20_paise, booked_rate_45_paise)
    select ${psychologistId}::uuid, patient_id, starts_at,
           starts_at + make_interval(mins => minutes), minutes, 'Session',
           case when minutes = 20 then 80000 else 150000 end,
           case when k % 12 = 5 or k % 40 = 7 then 'canceled' else 'booked' end,
           case when k % 12 = 5 or k % 40 = 7 then 'refunded'
                when k % 25 = 3 then 'partially_refunded' else 'completed' end,
           case when k % 12 = 5 or k % 40 = 7 or starts_at > now() then 'scheduled'
                when k % 9 = 4 then 'canceled' else 'attended' end,
           case when k % 12 = 5 then 'patient' when k % 40 = 7 then 'psychologist' end,
           case when k % 12 = 5 or k % 40 = 7 then starts_at - interval '1 day' end,
           80000, 150000
    from slot`);
  // The sessions just made: no order yet refers to them.
  const sessions = sql`bookings b where b.psychologist_id = ${psychologistId}::uuid
    and b.patient_id is not null
    and not exists (select 1 from payment_orders x where x.reference_id = b.id::text)`;
  await db.execute(sql`
    insert into payment_orders (provider, provider_order_id, purpose, reference_id, payer_id,
                                amount_paise, receipt, status, expires_at, settled_at)
    select 'sandbox', 'order_h_' || replace(b.id::text, '-', ''), 'booking', b.id::text,
           b.patient_id, b.price_paise, 'booking-' || left(b.id::text, 30), 'paid',
           b.starts_at - interval '3 days', b.starts_at - interval '3 days'
    from ${sessions}
    union all
    select 'sandbox', 'order_p_' || replace(b.id::text, '-', ''), 'penalty', b.id::text,
           b.psychologist_id, 10000, 'penalty-' || left(b.id::text, 30), 'paid',
           b.canceled_at, b.canceled_at
    from ${sessions} and b.canceled_by = 'psychologist'`);
  await db.execute(sql`
    insert into payments (order_id, provider_payment_id, status, amount_paise, currency, method,
                          confirmed_via, created_at)
    select o.id, 'pay_' || substr(o.provider_order_id, 7), 'captured', o.amount_paise, 'INR', 'upi',
           'checkout', o.settled_at
    from payment_orders o
    where (o.provider_order_id like 'order\\_h\\_%' or o.provider_order_id like 'order\\_p\\_%')
      and not exists (select 1 from payments p where p.order_id = o.id)`);
  await db.execute(sql`
    insert into refunds (payment_id, idempotency_key, amount_paise, reason, status, processed_at,
                         created_at)
    select p.id, 'cancel-' || b.id,
           case when b.payment_status = 'refunded' then p.amount_paise else 70000 end,
           'seeded history', 'processed', coalesce(b.canceled_at, b.starts_at - interval '2 days'),
           coalesce(b.canceled_at, b.starts_at - interval '2 days')
    from bookings b
    join payment_orders o on o.purpose = 'booking' and o.reference_id = b.id::text
    join payments p on p.order_id = o.id
    where b.psychologist_id = ${psychologistId}::uuid
      and b.payment_status in ('refunded', 'partially_refunded')
      and not exists (select 1 from refunds r where r.payment_id = p.id)`);
  await db.execute(
    sql`analyze bookings; analyze payment_orders; analyze payments; analyze refunds`,
  );
}
