import { attachmentText } from '../../../test/mailbox';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addIsoDays,
  localDateOf,
  receiptNameOf,
  zonedInstant,
  type SandboxPayBody,
} from '@sukoon/shared';
import { bookings, mailOutbox, paymentOrders, payments, refunds } from '../../db/schema';
import { createPsychologist } from '../../db/factories';
import { createSessionsService } from '../auth/sessions-service';
import { useTestApp } from '../../../test/test-app';
import { signedInAs } from '../../../test/sign-in';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

const ZONE = 'Asia/Kolkata';

/** A start `days` ahead at `minute` after midnight on the psychologist's (IST) calendar. */
function slot(days: number, minute: number): string {
  const today = localDateOf(new Date(), ZONE);
  return zonedInstant(addIsoDays(today, days), minute, ZONE).toISOString();
}

describe('booking: holds, orders, confirmation, direct events', () => {
  const context = useTestApp();
  let patient: Caller;
  let otherPatient: Caller;
  let psychologist: Caller;

  beforeAll(async () => {
    patient = await signedInAs(context.database.db, 'patient');
    otherPatient = await signedInAs(context.database.db, 'patient');
    psychologist = await signedInAs(context.database.db, 'psychologist');
  });
  const db = () => context.database.db;

  function createOrder(payload: Record<string, unknown>, as: Caller = patient) {
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: as.headers,
      payload: {
        amount: 1,
        currency: 'INR',
        receipt: 'rcpt_1',
        notes: { event_title: 'Sleep', event_description: 'Trouble sleeping' },
        psychologist_id: psychologist.user.id,
        duration: 45,
        ...payload,
      },
    });
  }

  async function hold(start: string, duration: 20 | 45 = 45, as: Caller = patient) {
    const response = await createOrder({ start_time: start, duration }, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      amount: number;
      order_id: string;
      booking_id: string;
      policy: unknown;
      checkout: { provider: string; amount: number };
    };
  }

  async function pay(orderId: string, extra: Partial<SandboxPayBody> = {}, as: Caller = patient) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: as.headers,
      payload: {
        order_id: orderId,
        method: 'card',
        card_number: '4111 1111 1111 1111',
        outcome: 'success',
        webhook: 'none',
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.response as Record<string, string>;
  }

  function verify(payload: object, as: Caller = patient) {
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: as.headers,
      payload,
    });
  }

  async function bookingRow(id: string) {
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    return row!;
  }

  async function refundsFor(orderId: string) {
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    const paid = await db().select().from(payments).where(eq(payments.orderId, order!.id));
    const all = await db().select().from(refunds);
    return all.filter((refund) => paid.some((payment) => payment.id === refund.paymentId));
  }

  it('holds the slot and charges the psychologist’s rate, never the amount sent', async () => {
    const data = await hold(slot(3, 10 * 60));
    expect(data.amount).toBe(90_000);
    expect(data.checkout.amount).toBe(90_000);
    expect(data.checkout.provider).toBe('sandbox');
    const row = await bookingRow(data.booking_id);
    expect(row.status).toBe('held');
    expect(row.paymentStatus).toBe('pending');
    expect(row.patientId).toBe(patient.user.id);
    expect(row.title).toBe('Sleep');
    // The terms shown before paying are the copy the hold keeps, with the rates it keeps.
    expect(data.policy).toEqual(row.policy);
    expect(row).toMatchObject({ bookedRate20Paise: 50_000, bookedRate45Paise: 90_000 });
    const left = row.holdExpiresAt!.getTime() - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
  });

  it('confirms a paid hold once: Booked, completed, scheduled, with two emails and an .ics', async () => {
    const start = slot(3, 12 * 60);
    const data = await hold(start, 20);
    expect(data.amount).toBe(50_000);
    const result = await verify(await pay(data.order_id, { webhook: 'duplicate' }));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data).toMatchObject({ purpose: 'booking', referenceId: data.booking_id });
    await context.app.paymentsSandbox!.drainWebhooks();

    const row = await bookingRow(data.booking_id);
    expect(row).toMatchObject({
      status: 'booked',
      paymentStatus: 'completed',
      attendanceStatus: 'scheduled',
      holdExpiresAt: null,
    });

    const mail = await db().select().from(mailOutbox);
    const toPatient = mail.filter((m) => m.to === patient.user.email);
    const toPsychologist = mail.filter((m) => m.to === psychologist.user.email);
    expect(toPatient).toHaveLength(1);
    expect(toPsychologist).toHaveLength(1);
    expect(toPatient[0]!.text).toContain('Your appointment has been scheduled');
    expect(toPatient[0]!.text).toMatch(/Book your next session.*\?token=[\w-]+&psychologistId=/);
    expect(toPatient[0]!.text).toContain('12:00');
    // The psychologist reads the patient's name as their receipts print it, not their username.
    expect(receiptNameOf(patient.user)).not.toBe(patient.user.username);
    expect(toPsychologist[0]!.text).toContain(
      `${receiptNameOf(patient.user)} booked a 20-minute session`,
    );
    const ics = attachmentText(toPatient[0]!.attachments[0]);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${data.booking_id}@sukoon`);

    // The original client's POST /api/bookings after payment returns the booking the payment made.
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: patient.headers,
      payload: {
        user_id: patient.user.id,
        psychologist_id: psychologist.user.id,
        booking_date: start.slice(0, 10),
        start_time: start,
        end_time: new Date(Date.parse(start) + 20 * 60_000).toISOString(),
        payment: { amount: 500, method: 'sandbox', status: 'completed', order_id: data.order_id },
        status: 'Booked',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ id: data.booking_id, status: 'booked' });

    // The psychologist sees it in their events.
    const events = await context.app.inject({
      url: `/api/events?startDate=${start.slice(0, 10)}&endDate=${start.slice(0, 10)}`,
      headers: psychologist.headers,
    });
    const listed = events.json<{ data: { id: string }[] }>().data;
    expect(listed.map((event) => event.id)).toContain(data.booking_id);
  });

  it('gives the slot to one of 10 patients making 50 parallel attempts on overlapping slots (20 and 45 minutes)', async () => {
    const callers = await Promise.all(
      Array.from({ length: 10 }, () => signedInAs(db(), 'patient')),
    );
    const base = Date.parse(slot(5, 15 * 60));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        createOrder(
          {
            // Starts at 3:00, 3:05, 3:10 or 3:15 PM: every one covers 3:15-3:20, so all overlap.
            start_time: new Date(base + (index % 4) * 5 * 60_000).toISOString(),
            duration: index % 3 === 0 ? 20 : 45,
          },
          callers[index % callers.length],
        ),
      ),
    );
    // One patient wins the slot; the winner's own later attempts replace their hold (one live hold
    // per psychologist), everyone else's are SLOT_TAKEN.
    const winners = new Set(
      responses.flatMap((response, index) =>
        response.statusCode === 200 ? [index % callers.length] : [],
      ),
    );
    expect(winners.size).toBe(1);
    // A patient's own parallel attempts may also meet their hold being placed (HOLD_IN_PROGRESS).
    for (const [index, response] of responses.entries()) {
      if (winners.has(index % callers.length) && response.statusCode === 200) continue;
      expect(response.statusCode, response.body).toBe(409);
      expect(['SLOT_TAKEN', 'HOLD_IN_PROGRESS']).toContain(response.json().error.code);
    }
    const live = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.psychologistId, psychologist.user.id), eq(bookings.status, 'held')));
    const inWindow = live.filter(
      (row) => row.startsAt.getTime() >= base && row.startsAt.getTime() < base + 3_600_000,
    );
    expect(inWindow).toHaveLength(1);
  });

  it('refuses starts nobody could pick: between minutes, past the 8-week horizon, year 0000 or 9999', async () => {
    const onTheMinute = Date.parse(slot(10, 16 * 60));
    const cases = [
      [new Date(onTheMinute + 7 * 60_000 + 33_123).toISOString(), 422, 'SLOT_UNAVAILABLE'],
      [new Date(onTheMinute + 9 * 7 * 86_400_000).toISOString(), 422, 'SLOT_UNAVAILABLE'],
      ['0000-01-03T04:30:00.000Z', 400, 'VALIDATION_FAILED'],
      ['9999-01-03T04:30:00.000Z', 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [start, status, code] of cases) {
      const response = await createOrder({ start_time: start, duration: 20 });
      expect(response.statusCode, start).toBe(status);
      expect(response.json().error.code, start).toBe(code);
    }
    const messages = await Promise.all(
      cases
        .slice(0, 2)
        .map(
          async ([start]) =>
            (await createOrder({ start_time: start })).json<{ error: { message: string } }>().error
              .message,
        ),
    );
    expect(messages).toEqual([
      'A session starts on a whole minute (such as 10:30 AM), not between minutes.',
      'Sessions can be booked up to 8 weeks ahead. Please choose an earlier date.',
    ]);
    // Any whole minute in working hours is a start (the event form offers every minute).
    const ok = await createOrder({ start_time: new Date(onTheMinute + 7 * 60_000).toISOString() });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a forged signature and keeps the hold unpaid', async () => {
    const data = await hold(slot(4, 9 * 60));
    const handler = await pay(data.order_id);
    const forged = await verify({ ...handler, razorpay_signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect((await bookingRow(data.booking_id)).status).toBe('held');
  });

  it('refunds a tampered amount and books nothing', async () => {
    const data = await hold(slot(4, 11 * 60));
    const result = await verify(await pay(data.order_id, { amount: 100 }));
    expect(result.statusCode).toBe(422);
    expect(result.json().error.code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect((await bookingRow(data.booking_id)).status).not.toBe('booked');
    const refunded = await refundsFor(data.order_id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.amountPaise).toBe(100);
  });

  it('treats a replayed webhook as a duplicate and rejects a wrong webhook signature', async () => {
    const data = await hold(slot(4, 13 * 60));
    await pay(data.order_id, { webhook: 'duplicate' });
    await context.app.paymentsSandbox!.drainWebhooks();
    expect((await bookingRow(data.booking_id)).status).toBe('booked');
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, data.order_id));
    expect(order!.status).toBe('paid');
    expect(await db().select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(
      1,
    );
    const wrong = await context.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      payload: JSON.stringify({ event: 'order.paid', payload: {} }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('refunds a payment that arrives after its hold expired, and the slot is free again', async () => {
    const start = slot(6, 10 * 60);
    const data = await hold(start);
    // Ten minutes pass.
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, data.booking_id));
    const someoneElse = await hold(start, 20, otherPatient);
    expect((await bookingRow(data.booking_id)).status).toBe('expired');

    const result = await verify(await pay(data.order_id));
    expect(result.statusCode).toBe(409);
    expect(result.json().error.code).toBe('PAYMENT_REFUNDED');
    const row = await bookingRow(data.booking_id);
    expect(row.status).toBe('expired');
    expect(row.paymentStatus).toBe('refunded');
    const refunded = await refundsFor(data.order_id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.amountPaise).toBe(90_000);
    expect((await bookingRow(someoneElse.booking_id)).status).toBe('held');
  });

  it('releases the patient’s own hold only, and a payment after release is refunded', async () => {
    const start = slot(6, 14 * 60);
    const data = await hold(start);
    const foreign = await context.app.inject({
      method: 'DELETE',
      url: `/api/bookings/holds/${data.booking_id}`,
      headers: otherPatient.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const released = await context.app.inject({
      method: 'DELETE',
      url: `/api/bookings/holds/${data.booking_id}`,
      headers: patient.headers,
    });
    expect(released.statusCode).toBe(200);
    expect((await bookingRow(data.booking_id)).status).toBe('canceled');
    await hold(start, 45, otherPatient);
    const late = await verify(await pay(data.order_id));
    expect(late.json().error.code).toBe('PAYMENT_REFUNDED');
  });

  it('makes no patient booking without a verified payment, or for another patient', async () => {
    const start = slot(7, 10 * 60);
    const base = {
      psychologist_id: psychologist.user.id,
      booking_date: start.slice(0, 10),
      start_time: start,
      end_time: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
      payment: { amount: 900, method: 'razorpay', status: 'completed' },
      status: 'Booked',
    };
    const post = (payload: object, as: Caller = patient) =>
      context.app.inject({ method: 'POST', url: '/api/bookings', headers: as.headers, payload });

    const unpaid = await post({ ...base, user_id: patient.user.id });
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error.code).toBe('PAYMENT_REQUIRED');

    const forOther = await post({ ...base, user_id: otherPatient.user.id });
    expect(forOther.statusCode).toBe(403);

    const data = await hold(start);
    const notPaid = await post({ ...base, order_id: data.order_id });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('PAYMENT_NOT_VERIFIED');
    const notYours = await post({ ...base, order_id: data.order_id }, otherPatient);
    expect(notYours.statusCode).toBe(403);
    const rows = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(start)));
    expect(rows.map((row) => row.status)).toEqual(['held']);
  });

  it('answers every bad create-order input with a 4xx and a message', async () => {
    const start = slot(8, 10 * 60);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ start_time: start, title: '', notes: {} }, 400, 'Event name is required'],
      [
        { start_time: start, title: 'Sleep', description: ' ', notes: {} },
        400,
        'Description is required',
      ],
      [{ start_time: start, duration: 30 }, 400, 'Duration must be 20 or 45 minutes'],
      [{ start_time: 'tomorrow' }, 400, /start_time must be a date and time/],
      [{ start_time: start, currency: 'USD' }, 400, 'Payments are in INR only'],
      [{ start_time: start, psychologist_id: 'x' }, 400, /psychologist id/],
      [{ start_time: slot(-1, 10 * 60) }, 422, /already passed/],
      [{ start_time: slot(8, 20 * 60 + 30) }, 422, /9:00 AM and 9:00 PM/],
      [{ start_time: slot(8, 7 * 60) }, 422, /9:00 AM and 9:00 PM/],
      [
        { start_time: start, psychologist_id: patient.user.id },
        404,
        'That psychologist could not be found.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await createOrder(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    expect((await createOrder({ start_time: start }, psychologist)).statusCode).toBe(403);
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const held = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(start)));
    expect(held).toHaveLength(0);
  });

  describe('a psychologist’s own events', () => {
    const event = (start: string, extra: object = {}) => ({
      title: 'Supervision',
      description: 'Peer supervision',
      startDate: start,
      endDate: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
      meetingLink: 'https://meet.example.com/abc',
      color: 'green',
      ...extra,
    });

    it('adds one through POST /api/bookings without payment, meeting link required', async () => {
      const start = slot(9, 10 * 60);
      const payload = {
        user_id: psychologist.user.id,
        psychologist_id: psychologist.user.id,
        booking_date: start.slice(0, 10),
        start_time: start,
        end_time: new Date(Date.parse(start) + 20 * 60_000).toISOString(),
        title: 'Intake call',
        description: 'New client',
        status: 'Booked',
      };
      const post = (body: object, as: Caller = psychologist) =>
        context.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: as.headers,
          payload: body,
        });
      const noLink = await post(payload);
      expect(noLink.statusCode).toBe(400);
      expect(noLink.json().error.message).toContain('Meeting link is required');
      const ok = await post({ ...payload, meeting_link: ' https://meet.example.com/x ' });
      expect(ok.statusCode, ok.body).toBe(200);
      const row = await bookingRow(ok.json<{ data: { id: string } }>().data.id);
      expect(row).toMatchObject({
        status: 'booked',
        patientId: null,
        meetingLink: 'https://meet.example.com/x',
      });
      const again = await post({ ...payload, meeting_link: 'https://meet.example.com/x' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('SLOT_TAKEN');
      const other = await createPsychologist(db());
      const foreign = await post({ ...payload, psychologist_id: other.id });
      expect(foreign.statusCode).toBe(403);
    });

    it('creates, edits and deletes through /api/events with the same rules', async () => {
      const start = slot(9, 15 * 60);
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: psychologist.headers,
        payload: event(start),
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;

      // An event of their own has no patient, so no Problems Facing to give (issue 17).
      const bare = await context.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: psychologist.headers,
        payload: event(slot(9, 19 * 60), { description: undefined }),
      });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json().data.description).toBe('');

      const badDuration = await context.app.inject({
        method: 'PUT',
        url: `/api/events/${id}`,
        headers: psychologist.headers,
        payload: {
          startDate: start,
          endDate: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        },
      });
      expect(badDuration.statusCode).toBe(400);
      expect(badDuration.json().error.code).toBe('INVALID_DURATION');

      const moved = slot(9, 16 * 60);
      const edited = await context.app.inject({
        method: 'PUT',
        url: `/api/events/${id}`,
        headers: psychologist.headers,
        payload: event(moved, { title: 'Supervision (moved)', color: 'red' }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        title: 'Supervision (moved)',
        color: 'red',
        startDate: moved,
      });

      const byPatient = await context.app.inject({
        method: 'PUT',
        url: `/api/events/${id}`,
        headers: patient.headers,
        payload: { title: 'mine' },
      });
      expect(byPatient.statusCode).toBe(403);

      const patientPost = await context.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: patient.headers,
        payload: event(slot(9, 18 * 60)),
      });
      expect(patientPost.statusCode).toBe(402);

      const removed = await context.app.inject({
        method: 'DELETE',
        url: `/api/events/${id}`,
        headers: psychologist.headers,
      });
      expect(removed.statusCode).toBe(200);
      expect((await bookingRow(id)).status).toBe('canceled');
    });

    it('refuses to delete a patient’s paid booking, pointing at the cancellation flow', async () => {
      const data = await hold(slot(10, 10 * 60));
      await verify(await pay(data.order_id));
      for (const as of [psychologist, patient]) {
        const response = await context.app.inject({
          method: 'DELETE',
          url: `/api/events/${data.booking_id}`,
          headers: as.headers,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('PAID_BOOKING_CANCEL_FLOW');
      }
      expect((await bookingRow(data.booking_id)).status).toBe('booked');
    });
  });

  it('does not let a signed-out session or another patient read holds', async () => {
    const { token } = await createSessionsService(db()).issue(otherPatient.user.id);
    const response = await context.app.inject({
      url: `/api/bookings/user/${patient.user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
