import type { StoredAttachment } from '../../db/schema';
import { attachmentText } from '../../../test/mailbox';
import { asc, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type PracticePolicy } from '@sukoon/shared';
import {
  auditEvents,
  bookingReminders,
  bookings,
  mailOutbox,
  payments,
  refunds,
} from '../../db/schema';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** The one VEVENT of an emailed invitation, read by a real iCalendar parser. */
function parseInvitation(mail: { attachments: StoredAttachment[] }) {
  const text = attachmentText(mail.attachments[0]);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    status: event.getFirstPropertyValue('status'),
  };
}

const MINUTE = 60_000;

describe('reschedule and practice policies', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let psychologist: Caller;
  let patient: Caller;
  let otherPatient: Caller;

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
    otherPatient = await signedInAs(db(), 'patient');
  });

  const book = (start: Date, as: Caller = patient, duration: 20 | 45 = 45) =>
    bookAndPay(context.app, as, psychologist.user.id, start, duration);
  const reschedule = (id: string, start: Date, as: Caller) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/reschedule`,
      headers: as.headers,
      payload: { start_time: start.toISOString() },
    });
  const setPolicy = async (changes: Partial<PracticePolicy>) => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { policy: { ...DEFAULT_PRACTICE_POLICY, ...changes } },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const row = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mailTo = (email: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
  const lastMailTo = async (email: string) => {
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(sql`${mailOutbox.createdAt} desc, ${mailOutbox.id} desc`)
      .limit(1);
    return rows[0]!;
  };
  const refundsOf = async (bookingId: string) =>
    db()
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(sql`${refunds.idempotencyKey} = ${`cancel-${bookingId}`}`)
      .then((rows) => rows.map((r) => r.refund));

  it('a patient moves a session: same payment, reminders and invitation follow, history records it', async () => {
    await setPolicy({});
    const from = istSlot(4, 10 * 60);
    const to = istSlot(5, 15 * 60);
    const { bookingId } = await book(from);
    const before = await row(bookingId);
    const confirmation = parseInvitation(await lastMailTo(patient.user.email));

    const response = await reschedule(bookingId, to, patient);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.event).toMatchObject({
      startDate: to.toISOString(),
      status: 'booked',
      paymentStatus: 'completed',
      attendanceStatus: 'scheduled',
      patientMoves: 1,
      movedFrom: null,
    });
    const after = await row(bookingId);
    expect(after.pricePaise).toBe(before.pricePaise);
    expect(after.icsSequence).toBe(before.icsSequence + 1);
    expect(await refundsOf(bookingId)).toEqual([]);

    const reminders = await db()
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    for (const reminder of reminders.filter((r) => r.status === 'pending')) {
      expect(reminder.dueAt.getTime()).toBe(to.getTime() - reminder.hoursBefore * 60 * MINUTE);
    }
    expect(reminders.filter((r) => r.status === 'pending')).toHaveLength(2);

    // The invitation updates the event calendars already have: same UID, SEQUENCE + 1.
    for (const email of [patient.user.email, psychologist.user.email]) {
      const mail = await lastMailTo(email);
      expect(mail.subject).toMatch(/^Session moved to /);
      const invitation = parseInvitation(mail);
      expect(invitation).toMatchObject({
        method: 'REQUEST',
        uid: confirmation.uid,
        sequence: confirmation.sequence + 1,
        start: to,
      });
    }

    const history = await context.app.inject({
      url: `/api/bookings/${bookingId}/history`,
      headers: psychologist.headers,
    });
    expect(history.json().data).toContainEqual(
      expect.objectContaining({
        action: 'booking.rescheduled',
        actor: 'patient',
        details: { from: from.toISOString(), to: to.toISOString() },
      }),
    );
    // The old time is free again: another patient books it.
    const other = await book(from, otherPatient, 45);
    expect((await row(other.bookingId)).status).toBe('booked');
  });

  it('a cancellation after a move says CANCEL for the same UID with a higher SEQUENCE', async () => {
    const { bookingId } = await book(istSlot(6, 10 * 60));
    expect((await reschedule(bookingId, istSlot(6, 12 * 60), patient)).statusCode).toBe(200);
    const moved = parseInvitation(await lastMailTo(patient.user.email));
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const cancel = parseInvitation(await lastMailTo(patient.user.email));
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: moved.uid,
      sequence: moved.sequence + 1,
    });
  });

  it('the psychologist moves it; the patient declines by the emailed link and is refunded in full, once', async () => {
    // A late-cancellation policy does not apply to declining the psychologist's new time.
    await setPolicy({ lateCancelWindowMinutes: 72 * 60, lateCancelRefundPercent: 0 });
    const from = istSlot(2, 11 * 60);
    const { bookingId } = await book(from);
    const to = istSlot(3, 11 * 60);
    const response = await reschedule(bookingId, to, psychologist);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.event.movedFrom).toEqual({
      startDate: from.toISOString(),
      endDate: new Date(from.getTime() + 45 * MINUTE).toISOString(),
    });
    // A second move waits for the patient's answer.
    const again = await reschedule(bookingId, istSlot(3, 13 * 60), psychologist);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('MOVE_PENDING');

    const mail = await lastMailTo(patient.user.email);
    expect(mail.text).toContain('moved your session');
    const cancelLink = /Cancel for a full refund: (\S+)/.exec(mail.text)![1]!;
    const url = new URL(cancelLink);
    expect(url.searchParams.get('choice')).toBe('cancel');
    const token = url.searchParams.get('moveDecision')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await db().execute(sql`select token_hash from booking_move_offers`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const declined = await context.app.inject({
      method: 'POST',
      url: '/api/move-decisions',
      payload: { token, decision: 'cancel' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toEqual({
      booking_id: bookingId,
      decision: 'cancel',
      refund_paise: 90_000,
    });
    expect(await row(bookingId)).toMatchObject({
      status: 'canceled',
      paymentStatus: 'refunded',
      movedFromStartsAt: null,
    });
    expect(await refundsOf(bookingId)).toEqual([expect.objectContaining({ amountPaise: 90_000 })]);
    const reused = await context.app.inject({
      method: 'POST',
      url: '/api/move-decisions',
      payload: { token, decision: 'keep' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.code).toBe('MOVE_LINK_INVALID');
    expect(await refundsOf(bookingId)).toHaveLength(1);
  });

  it('cancelling a moved session before answering declines the move: a full refund despite a late window', async () => {
    await setPolicy({ lateCancelWindowMinutes: 72 * 60, lateCancelRefundPercent: 0 });
    const { bookingId } = await book(istSlot(2, 16 * 60));
    expect((await reschedule(bookingId, istSlot(2, 19 * 60), psychologist)).statusCode).toBe(200);
    const mail = await lastMailTo(patient.user.email);
    const token = new URL(/Keep the new time: (\S+)/.exec(mail.text)![1]!).searchParams.get(
      'moveDecision',
    )!;
    // The link's page names the session and both times while the link works.
    const preview = await context.app.inject({ url: `/api/move-decisions/${token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      booking_id: bookingId,
      title: 'Feeling low',
      duration_minutes: 45,
      from_start: istSlot(2, 16 * 60).toISOString(),
      to_start: istSlot(2, 19 * 60).toISOString(),
    });
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.refund.amount).toBe(90_000);
    const after = await context.app.inject({ url: `/api/move-decisions/${token}` });
    expect(after.statusCode).toBe(410);
  });

  it('a psychologist moves a patient’s session to at least a day ahead, so the patient can answer', async () => {
    await setPolicy({});
    const { bookingId } = await book(istSlot(4, 12 * 60));
    const soon = new Date(Date.now() + 23 * 60 * MINUTE);
    soon.setUTCMinutes(soon.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
    const refused = await reschedule(bookingId, soon, psychologist);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('at least a day from now');
  });

  it('the patient keeps the new time in the app; the psychologist is told', async () => {
    await setPolicy({});
    const { bookingId } = await book(istSlot(7, 10 * 60));
    expect((await reschedule(bookingId, istSlot(7, 14 * 60), psychologist)).statusCode).toBe(200);
    const stranger = await context.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/move-decision`,
      headers: otherPatient.headers,
      payload: { decision: 'cancel' },
    });
    expect(stranger.statusCode).toBe(403);
    const kept = await context.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/move-decision`,
      headers: patient.headers,
      payload: { decision: 'keep' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await row(bookingId)).toMatchObject({ status: 'booked', movedFromStartsAt: null });
    expect((await lastMailTo(psychologist.user.email)).subject).toMatch(/^New time kept: /);
  });

  it('50 parallel moves and holds onto one interval: exactly one wins, the others get 409', async () => {
    await setPolicy({});
    const target = istSlot(9, 16 * 60);
    // One patient holds one slot with a psychologist at a time: their sessions are booked in turn.
    const movers = [];
    for (let index = 0; index < 10; index++) {
      movers.push(await book(istSlot(8, 9 * 60 + index * 60), patient, 20));
    }
    const holders = await Promise.all(
      Array.from({ length: 40 }, () => signedInAs(db(), 'patient')),
    );
    const results = await Promise.all([
      ...movers.map(({ bookingId }) => reschedule(bookingId, target, patient)),
      ...holders.map((holder) =>
        context.app.inject({
          method: 'POST',
          url: '/api/payments/create-order',
          headers: holder.headers,
          payload: {
            psychologist_id: psychologist.user.id,
            start_time: target.toISOString(),
            duration: 20,
            title: 'Race',
            description: 'Race',
          },
        }),
      ),
    ]);
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(
      true,
    );
    const live = await db()
      .select()
      .from(bookings)
      .where(
        sql`${bookings.psychologistId} = ${psychologist.user.id}
            and ${bookings.startsAt} = ${target.toISOString()}
            and ${bookings.status} in ('held', 'booked')`,
      );
    expect(live).toHaveLength(1);
  });

  it('a move racing its own cancellation leaves exactly one outcome', async () => {
    const { bookingId } = await book(istSlot(10, 10 * 60));
    const [moved, canceled] = await Promise.all([
      reschedule(bookingId, istSlot(10, 15 * 60), patient),
      context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancel-user/${bookingId}`,
        headers: patient.headers,
      }),
    ]);
    const after = await row(bookingId);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(after.status).toBe('canceled');
    expect(await refundsOf(bookingId)).toHaveLength(1);
    if (moved.statusCode === 200) {
      // Moved first, then canceled: the cancellation is of the new time.
      expect(after.startsAt.toISOString()).toBe(istSlot(10, 15 * 60).toISOString());
    } else {
      expect(moved.statusCode).toBe(409);
      expect(after.startsAt.toISOString()).toBe(istSlot(10, 10 * 60).toISOString());
    }
  });

  describe('each policy bound at its edge', () => {
    /** A notice that puts `start` exactly `minutesInside` minutes inside (+) or outside (-) it. */
    const noticeFor = (start: Date, minutesInside: number) =>
      Math.floor((start.getTime() - Date.now()) / MINUTE) - minutesInside;

    const hold = (start: Date, as: Caller, duration: 20 | 45 = 20) =>
      context.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: as.headers,
        payload: {
          psychologist_id: psychologist.user.id,
          start_time: start.toISOString(),
          duration,
          title: 'Edge',
          description: 'Edge',
        },
      });

    it('minimum notice: a minute beyond it books, a minute short of it does not', async () => {
      const start = istSlot(2, 18 * 60);
      await setPolicy({ minNoticeMinutes: noticeFor(start, 1) });
      const inside = await hold(start, await signedInAs(db(), 'patient'));
      expect(inside.statusCode, inside.body).toBe(200);
      const later = istSlot(2, 19 * 60);
      await setPolicy({ minNoticeMinutes: noticeFor(later, -2) });
      const outside = await hold(later, await signedInAs(db(), 'patient'));
      expect(outside.statusCode).toBe(422);
      expect(outside.json().error.message).toMatch(/^Books \d+ (h|day|days)/);
    });

    it('horizon: the last minute inside books, a minute past it does not', async () => {
      await setPolicy({ horizonWeeks: 1 });
      const lastDay = istSlot(6, 20 * 60);
      expect((await hold(lastDay, await signedInAs(db(), 'patient'))).statusCode).toBe(200);
      const pastHorizon = istSlot(8, 9 * 60);
      const refused = await hold(pastHorizon, await signedInAs(db(), 'patient'));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toContain('up to 1 week ahead');
    });

    it('break after each session: a start at the break’s end books, inside it does not', async () => {
      const first = istSlot(11, 10 * 60);
      await setPolicy({});
      await book(first, await signedInAs(db(), 'patient'), 20); // ends 10:20
      const next = istSlot(11, 10 * 60 + 30); // 10 minutes after it ends
      await setPolicy({ breakMinutes: 15 });
      const refused = await hold(next, await signedInAs(db(), 'patient'));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toContain('15 minutes free after each session');
      await setPolicy({ breakMinutes: 10 });
      expect((await hold(next, await signedInAs(db(), 'patient'))).statusCode).toBe(200);
    });

    it('reschedule deadline and move count, by the policy the session was booked under', async () => {
      const start = istSlot(3, 9 * 60);
      // Moving is allowed until 1 minute after now: the first move is inside.
      await setPolicy({ rescheduleNoticeMinutes: noticeFor(start, 2), patientMovesPerSession: 1 });
      const { bookingId } = await book(start);
      // A later policy change does not touch this session.
      await setPolicy({ rescheduleNoticeMinutes: null });
      const first = await reschedule(bookingId, istSlot(3, 9 * 60 + 30), patient);
      expect(first.statusCode, first.body).toBe(200);
      const second = await reschedule(bookingId, istSlot(3, 11 * 60), patient);
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toContain('already been moved 1 time');

      await setPolicy({ rescheduleNoticeMinutes: null });
      const other = await book(istSlot(3, 13 * 60));
      const refused = await reschedule(other.bookingId, istSlot(3, 15 * 60), patient);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('does not let sessions be moved');

      const late = istSlot(3, 17 * 60);
      await setPolicy({ rescheduleNoticeMinutes: noticeFor(late, -2) });
      const tooLate = await book(late);
      const lateMove = await reschedule(tooLate.bookingId, istSlot(3, 19 * 60), patient);
      expect(lateMove.statusCode).toBe(409);
      expect(lateMove.json().error.message).toContain('can be moved until');
    });

    it('late cancellation: a minute before the window is free, inside it refunds 50 %', async () => {
      const early = istSlot(12, 10 * 60);
      // Window 72 h, but the session is 12 days away: a full refund.
      await setPolicy({ lateCancelWindowMinutes: 72 * 60, lateCancelRefundPercent: 50 });
      const far = await book(early);
      const cancelFar = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancel-user/${far.bookingId}`,
        headers: patient.headers,
      });
      expect(cancelFar.json().data.refund.amount).toBe(90_000);

      const soon = istSlot(1, 20 * 60);
      const window = Math.ceil((soon.getTime() - Date.now()) / MINUTE) + 1;
      await setPolicy({ lateCancelWindowMinutes: window, lateCancelRefundPercent: 50 });
      const { bookingId } = await book(soon);
      const before = await context.app.inject({
        url: `/api/bookings/user/${patient.user.id}`,
        headers: patient.headers,
      });
      expect(
        (before.json().data as { id: string; policy: PracticePolicy }[]).find(
          (item) => item.id === bookingId,
        )!.policy.lateCancelRefundPercent,
      ).toBe(50);
      const canceled = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancel-user/${bookingId}`,
        headers: patient.headers,
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data.refund.amount).toBe(45_000);
      expect(await row(bookingId)).toMatchObject({ paymentStatus: 'partially_refunded' });
      const mail = await lastMailTo(patient.user.email);
      expect(mail.text).toContain('₹450 of your ₹900 is being refunded');
      const audit = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.bookingId, bookingId));
      expect(audit.map((event) => event.action)).toContain('booking.canceled');
    });
  });

  it('lists every email once per party for one move', async () => {
    const count = async () => (await mailTo(patient.user.email)).length;
    const { bookingId } = await book(istSlot(13, 10 * 60));
    const before = await count();
    expect((await reschedule(bookingId, istSlot(13, 12 * 60), patient)).statusCode).toBe(200);
    expect((await count()) - before).toBe(1);
  });
});
