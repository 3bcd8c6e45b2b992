import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY, periodContaining, periodKey, type PracticeSummary } from '@sukoon/shared';
import { createBooking, createPaidBooking, createPatient } from '../../db/factories';
import { bookings, paymentOrders, payments, refunds } from '../../db/schema';
import { razorpayStyleId } from '../payments/payment-provider';
import { bookAndPay, istSlot, payAndVerify } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const context = useTestApp();
const db = () => context.database.db;
let psychologist: Caller;
let patientA: { id: string };
let patientB: { id: string };
// A name a spreadsheet would run as a formula, with a comma, quotes and a line break in it.
const EVIL_NAME = '=HYPERLINK("http://x.test","Click, me")\nNext line';
let patientC: { id: string };

const ist = (local: string) => new Date(`${local}+05:30`);

/** A movement of money for a session, dated: payments of a purpose, and refunds of a payment. */
async function pay(
  bookingId: string,
  purpose: 'booking' | 'length_change' | 'penalty',
  amountPaise: number,
  at: Date,
  status: 'captured' | 'rejected' = 'captured',
) {
  const [order] = await db()
    .insert(paymentOrders)
    .values({
      provider: 'sandbox',
      providerOrderId: razorpayStyleId('order'),
      purpose,
      referenceId: bookingId,
      payerId: purpose === 'penalty' ? psychologist.user.id : null,
      amountPaise,
      receipt: `${purpose}-${bookingId}`.slice(0, 40),
      status: 'paid',
      expiresAt: at,
    })
    .returning();
  const [payment] = await db()
    .insert(payments)
    .values({
      orderId: order!.id,
      providerPaymentId: razorpayStyleId('pay'),
      status,
      amountPaise,
      currency: CURRENCY,
      method: 'upi',
      confirmedVia: 'checkout',
      createdAt: at,
    })
    .returning();
  return payment!;
}

async function refund(paymentId: string, amountPaise: number, at: Date) {
  await db()
    .insert(refunds)
    .values({
      paymentId,
      idempotencyKey: `test-${paymentId}-${at.getTime()}`,
      amountPaise,
      reason: 'test',
      status: 'processed',
      createdAt: at,
    });
}

/** A booked session paid at `paidAt` (its factory payment re-dated), with its outcome. */
async function session(options: {
  patientId: string;
  start: Date;
  minutes: 20 | 45;
  pricePaise: number;
  paidAt: Date;
  attended?: 'attended' | 'canceled';
  canceledBy?: 'patient' | 'psychologist';
}) {
  const { booking, paymentId } = await createPaidBooking(db(), {
    psychologistId: psychologist.user.id,
    patientId: options.patientId,
    startsAt: options.start,
    durationMinutes: options.minutes,
    pricePaise: options.pricePaise,
    ...(options.attended ? { attendanceStatus: options.attended } : {}),
  });
  const [payment] = await db()
    .update(payments)
    .set({ createdAt: options.paidAt })
    .where(eq(payments.providerPaymentId, paymentId))
    .returning();
  if (options.canceledBy) {
    await db()
      .update(bookings)
      .set({ status: 'canceled', canceledBy: options.canceledBy, canceledAt: options.paidAt })
      .where(eq(bookings.id, booking.id));
  }
  return { booking, payment: payment! };
}

async function summary(period: string, as: Caller = psychologist) {
  const response = await context.app.inject({
    url: `/api/practice/summary?period=${period}`,
    headers: as.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PracticeSummary }>().data;
}

async function csv(name: 'sessions' | 'money', period: string, as: Caller = psychologist) {
  const response = await context.app.inject({
    url: `/api/practice/${name}.csv?period=${period}`,
    headers: as.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** RFC 4180 reading, to prove what a spreadsheet would see in each cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

beforeAll(async () => {
  psychologist = await signedInAs(db(), 'psychologist');
  const other = await signedInAs(db(), 'psychologist');
  patientA = await createPatient(db(), { username: 'asha.k' });
  patientB = await createPatient(db(), { username: 'Bharat, "B" Rao' });
  patientC = await createPatient(db(), { username: EVIL_NAME });

  // FY 2025-26, its last quarter: S1 (Tuesday 31 March, 11:15 PM) attended, paid in March.
  await session({
    patientId: patientA.id,
    start: ist('2026-03-31T23:15:00'),
    minutes: 45,
    pricePaise: 150_000,
    paidAt: ist('2026-03-25T10:00:00'),
    attended: 'attended',
  });
  // S2 starts the new year at midnight; its fee was paid a minute before it began (old year's money).
  await session({
    patientId: patientA.id,
    start: ist('2026-04-01T00:00:00'),
    minutes: 20,
    pricePaise: 80_000,
    paidAt: ist('2026-03-31T23:59:00'),
    attended: 'attended',
  });
  // S3: B's first session, made longer (paid in two parts), and B did not come.
  const s3 = await session({
    patientId: patientB.id,
    start: ist('2026-04-06T10:00:00'),
    minutes: 45,
    pricePaise: 150_000,
    paidAt: ist('2026-04-01T09:00:00'),
    attended: 'canceled',
  });
  await db().update(payments).set({ amountPaise: 80_000 }).where(eq(payments.id, s3.payment.id));
  await pay(s3.booking.id, 'length_change', 70_000, ist('2026-04-02T12:00:00'));
  // S4: Sunday evening, canceled late by B: half refunded.
  const s4 = await session({
    patientId: patientB.id,
    start: ist('2026-04-12T18:00:00'),
    minutes: 45,
    pricePaise: 150_000,
    paidAt: ist('2026-04-05T08:00:00'),
    canceledBy: 'patient',
  });
  await refund(s4.payment.id, 75_000, ist('2026-04-10T12:00:00'));
  // S5: the next Monday at midnight, canceled by the psychologist: the penalty, the fee refunded.
  const s5 = await session({
    patientId: patientC.id,
    start: ist('2026-04-13T00:00:00'),
    minutes: 20,
    pricePaise: 80_000,
    paidAt: ist('2026-04-08T09:30:00'),
    canceledBy: 'psychologist',
  });
  await pay(s5.booking.id, 'penalty', 10_000, ist('2026-04-11T11:00:00'));
  await refund(s5.payment.id, 80_000, ist('2026-04-11T11:00:00'));
  // S7: A again, made shorter after paying (a partial refund), not marked yet.
  const s7 = await session({
    patientId: patientA.id,
    start: ist('2026-04-20T11:30:00'),
    minutes: 45,
    pricePaise: 150_000,
    paidAt: ist('2026-04-15T10:00:00'),
  });
  await refund(s7.payment.id, 70_000, ist('2026-04-16T10:00:00'));

  // None of these is the practice's: a hold let go, a payment refused and refunded in full, the
  // psychologist's own event, another psychologist's session.
  const released = await createBooking(db(), {
    psychologistId: psychologist.user.id,
    patientId: patientB.id,
    startsAt: ist('2026-04-07T10:00:00'),
    status: 'canceled',
  });
  const refused = await pay(
    released.id,
    'booking',
    150_000,
    ist('2026-04-07T09:00:00'),
    'rejected',
  );
  await refund(refused.id, 150_000, ist('2026-04-07T09:01:00'));
  await createBooking(db(), {
    psychologistId: psychologist.user.id,
    startsAt: ist('2026-04-08T15:00:00'),
  });
  await createPaidBooking(db(), {
    psychologistId: other.user.id,
    patientId: patientA.id,
    startsAt: ist('2026-04-07T10:00:00'),
  });
});

describe('the Practice summary', () => {
  it('counts the financial year from 1 April IST: sessions by start, money by when it moved', async () => {
    const year = await summary('FY2026');
    expect(year.period).toMatchObject({
      key: 'FY2026',
      kind: 'fy',
      label: 'FY 2026–27 (Apr 2026–Mar 2027)',
      from: '2026-03-31T18:30:00.000Z',
    });
    expect(year.booked).toBe(5);
    expect(year.outcomes).toEqual({
      attended: 1,
      absent: 1,
      canceledByPatient: 1,
      canceledByPsychologist: 1,
      notMarked: 1,
    });
    expect(year.attendanceRate).toBe(0.5);
    // Fees 800 + 700 (S3 in two parts) + 1500 (S4) + 800 (S5) + 1500 (S7); refunds 750 + 800 + 700.
    expect(year.money).toEqual({
      grossPaise: 530_000,
      refundsPaise: 225_000,
      penaltiesPaise: 10_000,
      netPaise: 295_000,
    });

    const previous = await summary('FY2025');
    expect(previous.booked).toBe(1);
    expect(previous.outcomes.attended).toBe(1);
    // S1's fee and S2's, paid at 11:59 PM on 31 March.
    expect(previous.money).toEqual({
      grossPaise: 230_000,
      refundsPaise: 0,
      penaltiesPaise: 0,
      netPaise: 230_000,
    });
    expect((await summary('FY2025-Q4')).money.grossPaise).toBe(230_000);
    expect((await summary('2026-03')).booked).toBe(1);
    expect((await summary('2026-04')).booked).toBe(5);
  });

  it('splits the period into Monday-to-Sunday IST weeks', async () => {
    const april = await summary('2026-04');
    expect(april.weeks.map((week) => week.weekStart)).toEqual([
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
    ]);
    const [first, second, third, fourth] = april.weeks;
    expect(first!.outcomes.attended).toBe(1);
    expect(first!.money.grossPaise).toBe(300_000);
    // Sunday 12 April, 6 PM is still the week of Monday 6 April; Monday 13 April, midnight is not.
    expect(second!.outcomes).toMatchObject({ absent: 1, canceledByPatient: 1 });
    expect(second!.money.netPaise).toBe(80_000 - 75_000 - 80_000 - 10_000);
    expect(third!.outcomes.canceledByPsychologist).toBe(1);
    expect(third!.money.netPaise).toBe(150_000 - 70_000);
    expect(fourth!.outcomes.notMarked).toBe(1);
  });

  it('maps booked time to weekday and hour, and tells new from returning patients', async () => {
    const year = await summary('FY2026');
    expect(year.heatMap).toEqual(
      expect.arrayContaining([
        { weekday: 3, hour: 0, minutes: 20 },
        { weekday: 1, hour: 10, minutes: 45 },
        { weekday: 1, hour: 11, minutes: 30 },
        { weekday: 1, hour: 12, minutes: 15 },
      ]),
    );
    expect(year.heatMap).toHaveLength(4);
    expect(year.busiestDays).toEqual([
      { weekday: 1, minutes: 90 },
      { weekday: 3, minutes: 20 },
    ]);
    expect(year.busiestHours).toEqual([
      { hour: 10, minutes: 45 },
      { hour: 11, minutes: 30 },
      { hour: 0, minutes: 20 },
    ]);
    // A came in March too (returning); B's first session is S3 (new); C's only one was canceled.
    expect(year.patients).toEqual({ total: 2, new: 1, returning: 1 });
    expect((await summary('FY2025')).patients).toEqual({ total: 1, new: 1, returning: 0 });
  });

  it('answers an empty period with zeros and every week', async () => {
    const empty = await summary('2025-06');
    expect(empty.booked).toBe(0);
    expect(empty.attendanceRate).toBeNull();
    expect(empty.money.netPaise).toBe(0);
    // 1 June 2025 is a Sunday: its week starts on 26 May, and 30 June starts a sixth.
    expect(empty.weeks).toHaveLength(6);
    expect(empty.heatMap).toEqual([]);
  });

  it('matches what the payment flow writes: a paid booking, the patient’s cancellation', async () => {
    const patient = await signedInAs(db(), 'patient');
    const own = await signedInAs(db(), 'psychologist');
    const { bookingId, amountPaise } = await bookAndPay(
      context.app,
      patient,
      own.user.id,
      istSlot(3, 10 * 60),
    );
    const second = await bookAndPay(context.app, patient, own.user.id, istSlot(4, 10 * 60));
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const penalty = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${second.bookingId}`,
      headers: own.headers,
    });
    const orderId = penalty.json<{ data: { order_id: string } }>().data.order_id;
    expect((await payAndVerify(context.app, own, orderId)).statusCode).toBe(200);

    const { money } = await summary(periodKey(periodContaining('month', new Date())), own);
    expect(money).toEqual({
      grossPaise: amountPaise + second.amountPaise,
      refundsPaise: amountPaise + second.amountPaise,
      penaltiesPaise: 10_000,
      netPaise: -10_000,
    });
    // Each money row names its receipt or refund note, as numbered in the settling transaction.
    const moneyCsv = parseCsv(
      (await csv('money', periodKey(periodContaining('month', new Date())), own)).rawPayload
        .toString('utf8')
        .slice(1),
    ).slice(1);
    const numberOf = (type: string) =>
      moneyCsv.filter((row) => row[2] === type).map((row) => row[9]);
    const receipt = /^SK\/(?!SUKOON\/)[A-Z0-9]+\/\d{4}-\d{2}\/\d{6}$/;
    expect(numberOf('Session fee')).toEqual([
      expect.stringMatching(receipt),
      expect.stringMatching(receipt),
    ]);
    expect(numberOf('Refund of session fee')).toEqual([
      expect.stringMatching(/^SK\/[A-Z0-9]+\/\d{4}-\d{2}\/RN\/\d{6}$/),
      expect.stringMatching(/^SK\/[A-Z0-9]+\/\d{4}-\d{2}\/RN\/\d{6}$/),
    ]);
    // The penalty is receipted to the psychologist by the platform, in its own series.
    expect(numberOf('Cancellation penalty')).toEqual([
      expect.stringMatching(/^SK\/SUKOON\/\d{4}-\d{2}\/\d{6}$/),
    ]);
  });

  it('answers again from memory until a session of the practice changes', async () => {
    const before = await summary('2026-04');
    expect(await summary('2026-04')).toEqual(before);
    // S7 (20 April) marked attended by another process or a script: announced by PostgreSQL.
    await db()
      .update(bookings)
      .set({ attendanceStatus: 'attended' })
      .where(
        sql`${bookings.psychologistId} = ${psychologist.user.id} and ${bookings.startsAt} = ${ist('2026-04-20T11:30:00').toISOString()}`,
      );
    await expect
      .poll(async () => (await summary('2026-04')).outcomes.notMarked, { timeout: 5_000 })
      .toBe(0);
    expect((await summary('2026-04')).outcomes.attended).toBe(before.outcomes.attended + 1);
    await db()
      .update(bookings)
      .set({ attendanceStatus: 'scheduled' })
      .where(
        sql`${bookings.psychologistId} = ${psychologist.user.id} and ${bookings.startsAt} = ${ist('2026-04-20T11:30:00').toISOString()}`,
      );
    await expect
      .poll(async () => (await summary('2026-04')).outcomes.notMarked, { timeout: 5_000 })
      .toBe(1);
  });
});

describe('who may read a practice', () => {
  it('is the psychologist alone: a patient 403, signed out 401, a bad period 400', async () => {
    const patient = await signedInAs(db(), 'patient');
    for (const url of [
      '/api/practice/summary?period=FY2026',
      '/api/practice/sessions.csv?period=FY2026',
      '/api/practice/money.csv?period=FY2026',
    ]) {
      expect((await context.app.inject({ url, headers: patient.headers })).statusCode).toBe(403);
      expect((await context.app.inject({ url })).statusCode).toBe(401);
    }
    for (const period of ['2026-13', 'FY2026-Q5', '26-04', '']) {
      const response = await context.app.inject({
        url: `/api/practice/summary?period=${period}`,
        headers: psychologist.headers,
      });
      expect(response.statusCode, period).toBe(400);
    }
  });

  it('shows each psychologist only their own sessions and money', async () => {
    const stranger = await signedInAs(db(), 'psychologist');
    const theirs = await summary('FY2026', stranger);
    expect(theirs.booked).toBe(0);
    expect(theirs.money.grossPaise).toBe(0);
  });
});

describe('the CSV export', () => {
  it('writes the sessions for a spreadsheet: BOM, DD-MM-YYYY, rupees, quoting, no formulas', async () => {
    const response = await csv('sessions', 'FY2026');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="sukoon-sessions-FY2026.csv"',
    );
    const body = response.rawPayload.toString('utf8');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.split('\r\n')[1]).toBe('"01-04-2026","00:00",20,"asha.k","Attended",800.00');
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual(['Date', 'Start (IST)', 'Minutes', 'Patient', 'Outcome', 'Fee (INR)']);
    expect(rows.slice(1).map((row) => [row[0], row[3], row[4]])).toEqual([
      ['01-04-2026', 'asha.k', 'Attended'],
      ['06-04-2026', 'Bharat, "B" Rao', 'Absent'],
      ['12-04-2026', 'Bharat, "B" Rao', 'Canceled by patient'],
      ['13-04-2026', `'${EVIL_NAME}`, 'Canceled by psychologist'],
      ['20-04-2026', 'asha.k', 'Not marked'],
    ]);
  });

  it('writes a money row per captured payment, refund and penalty, by when it moved', async () => {
    const body = (await csv('money', 'FY2026')).rawPayload.toString('utf8');
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([
      'Date',
      'Time (IST)',
      'Type',
      'Patient',
      'Session date',
      'Money in (INR)',
      'Money out (INR)',
      'Payment reference',
      'Refund status',
      'Receipt / refund note',
    ]);
    // This history was written straight into the tables, with no documents.
    expect(rows.slice(1).every((row) => row[9] === '')).toBe(true);
    expect(rows.slice(1).map((row) => [...row.slice(0, 7), row[8]])).toEqual([
      ['01-04-2026', '09:00', 'Session fee', 'Bharat, "B" Rao', '06-04-2026', '800.00', '', ''],
      [
        '02-04-2026',
        '12:00',
        'Longer session fee',
        'Bharat, "B" Rao',
        '06-04-2026',
        '700.00',
        '',
        '',
      ],
      ['05-04-2026', '08:00', 'Session fee', 'Bharat, "B" Rao', '12-04-2026', '1500.00', '', ''],
      ['08-04-2026', '09:30', 'Session fee', `'${EVIL_NAME}`, '13-04-2026', '800.00', '', ''],
      [
        '10-04-2026',
        '12:00',
        'Refund of session fee',
        'Bharat, "B" Rao',
        '12-04-2026',
        '',
        '750.00',
        'Refunded',
      ],
      [
        '11-04-2026',
        '11:00',
        'Cancellation penalty',
        `'${EVIL_NAME}`,
        '13-04-2026',
        '',
        '100.00',
        '',
      ],
      [
        '11-04-2026',
        '11:00',
        'Refund of session fee',
        `'${EVIL_NAME}`,
        '13-04-2026',
        '',
        '800.00',
        'Refunded',
      ],
      ['15-04-2026', '10:00', 'Session fee', 'asha.k', '20-04-2026', '1500.00', '', ''],
      [
        '16-04-2026',
        '10:00',
        'Refund of session fee',
        'asha.k',
        '20-04-2026',
        '',
        '700.00',
        'Refunded',
      ],
    ]);
    expect(rows.slice(1).every((row) => /^pay_/.test(row[7]!))).toBe(true);
    // Money in less money out is the summary's net.
    const cents = (text: string | undefined) => Math.round(Number(text || 0) * 100);
    const net = rows.slice(1).reduce((sum, row) => sum + cents(row[5]) - cents(row[6]), 0);
    expect(net).toBe((await summary('FY2026')).money.netPaise);
  });

  it('writes only the header for an empty period', async () => {
    const body = (await csv('money', '2025-06')).rawPayload.toString('utf8');
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
