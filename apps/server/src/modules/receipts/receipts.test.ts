import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILL_OF_SUPPLY_STATEMENT,
  DEFAULT_PRACTICE_POLICY,
  financialYear,
  formatInr,
  rupeesInWords,
} from '@sukoon/shared';
import { bookings, mailOutbox, paymentDocuments, psychologistProfiles } from '../../db/schema';
import { createPaidBooking, createPatient, createPsychologist } from '../../db/factories';
import { AppError } from '../../lib/errors';
import type { PaymentOrderRow, RefundRow } from '../payments/payments-repository';
import { bookAndPay, istSlot, payAndVerify } from '../../../test/booking';
import { pdfText } from '../../../test/pdf-text';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';
import { createReceiptsRepository } from './receipts-repository';
import { issueReceipt, issueRefundNote, seriesBase } from './receipts-service';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

describe('receipts and refund notes', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let psychologist: Caller;
  let patient: Caller;
  let otherPatient: Caller;
  let otherPsychologist: Caller;

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
    otherPatient = await signedInAs(db(), 'patient');
    otherPsychologist = await signedInAs(db(), 'psychologist');
  });

  const documentsOf = (bookingId: string) =>
    db()
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.bookingId, bookingId))
      .orderBy(asc(paymentDocuments.issuedAt), asc(paymentDocuments.sequence));
  const download = (id: string, as: Caller | null) =>
    context.app.inject({ url: `/api/receipts/${id}.pdf`, ...(as ? { headers: as.headers } : {}) });
  const series = async (id: string) =>
    (
      await db()
        .select({ series: psychologistProfiles.receiptSeries })
        .from(psychologistProfiles)
        .where(eq(psychologistProfiles.userId, id))
    )[0]!.series;

  it('a paid booking gets a numbered receipt, in the confirmation email too, readable by its two people only', async () => {
    const { bookingId, amountPaise } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(3, 10 * 60),
    );
    const [receipt, ...rest] = await documentsOf(bookingId);
    expect(rest).toEqual([]);
    const code = await series(psychologist.user.id);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      amountPaise,
      number: `SK/${code}/${financialYear(receipt!.issuedAt)}/000001`,
      issuerId: psychologist.user.id,
      recipientId: patient.user.id,
    });

    for (const reader of [patient, psychologist]) {
      const response = await download(receipt!.id, reader);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('.pdf');
      const { text } = await pdfText(response.rawPayload);
      expect(text).toContain('Receipt');
      expect(text).toContain(receipt!.number);
      expect(text).toContain(formatInr(amountPaise));
      expect(text).toContain(rupeesInWords(amountPaise));
      // Not registered for GST: a plain receipt with no tax line.
      expect(text).not.toContain('Bill of Supply');
      expect(text).not.toContain('SAC 9993');
    }
    // Anyone else is told it does not exist; signed out, to sign in.
    for (const stranger of [otherPatient, otherPsychologist]) {
      const response = await download(receipt!.id, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      const list = await context.app.inject({
        url: `/api/receipts?booking_id=${bookingId}`,
        headers: stranger.headers,
      });
      expect(list.json().data).toEqual([]);
    }
    expect((await download(receipt!.id, null)).statusCode).toBe(401);
    expect((await download('00000000-0000-4000-8000-000000000000', patient)).statusCode).toBe(404);
    expect(
      (await context.app.inject({ url: '/api/receipts/not-an-id.pdf', headers: patient.headers }))
        .statusCode,
    ).toBe(400);

    // Listed with the session, and attached to the patient's confirmation.
    for (const reader of [patient, psychologist]) {
      const mine = await context.app.inject({ url: '/api/receipts', headers: reader.headers });
      expect(mine.json().data).toEqual([
        expect.objectContaining({ number: receipt!.number, booking_id: bookingId }),
      ]);
    }
    const [confirmation] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, patient.user.email))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(1);
    expect(confirmation!.text).toContain(receipt!.number);
    expect(confirmation!.attachments.map((file) => file.contentType)).toContain('application/pdf');
  });

  it('a GST-registered psychologist issues a Bill of Supply; older receipts keep what they said', async () => {
    const { bookingId: before } = await bookAndPay(
      context.app,
      otherPatient,
      psychologist.user.id,
      istSlot(3, 12 * 60),
    );
    const put = (payload: unknown, as: Caller = psychologist) =>
      context.app.inject({
        method: 'PUT',
        url: '/api/receipts/settings',
        headers: as.headers,
        payload: payload as Record<string, unknown>,
      });
    const bad = await put({ address: null, gstStatus: 'registered', gstin: '27AAPFU0939F1ZX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('last character does not match');
    const missing = await put({ address: null, gstStatus: 'registered', gstin: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Enter your GSTIN');
    expect(
      (await put({ address: null, gstStatus: 'not_registered', gstin: null }, patient)).statusCode,
    ).toBe(403);
    const registration = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { registrationNumber: 'CRR A12345' },
    });
    expect(registration.statusCode, registration.body).toBe(200);
    const set = await put({
      address: '12 MG Road\nBengaluru 560001',
      gstStatus: 'registered',
      gstin: '27aapfu0939f1zv',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({
      address: '12 MG Road\nBengaluru 560001',
      gstStatus: 'registered',
      gstin: '27AAPFU0939F1ZV',
    });
    const { bookingId: after } = await bookAndPay(
      context.app,
      otherPatient,
      psychologist.user.id,
      istSlot(4, 12 * 60),
    );
    const [old] = await documentsOf(before);
    const [bill] = await documentsOf(after);
    const oldText = (await pdfText((await download(old!.id, psychologist)).rawPayload)).text;
    expect(oldText).not.toContain('Bill of Supply');
    const billText = (await pdfText((await download(bill!.id, otherPatient)).rawPayload)).text;
    expect(billText).toContain('Bill of Supply');
    expect(billText).toContain(BILL_OF_SUPPLY_STATEMENT);
    expect(billText).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(billText).toContain('Registration no. CRR A12345');
    expect(billText).toContain(bill!.number);
    // The numbers follow on, in the same series.
    expect(bill!.sequence).toBe(old!.sequence + 1);
    expect((await put({ address: '', gstStatus: 'not_registered', gstin: null })).statusCode).toBe(
      200,
    );
  });

  it('two psychologists called Asha never share a series', async () => {
    expect(seriesBase('Dr. Āsha Rao')).toBe('ASHA');
    expect(seriesBase('डॉ. आशा')).toBe('PSY');
    const first = await createPsychologist(db(), { displayName: 'Dr. Asha Rao' });
    const second = await createPsychologist(db(), { displayName: 'Asha Menon' });
    const booker = await createPatient(db());
    for (const [index, who] of [first, second].entries()) {
      const { booking } = await createPaidBooking(db(), {
        psychologistId: who.id,
        patientId: booker.id,
        startsAt: istSlot(6, 10 * 60 + index * 60),
      });
      await issueReceipt(db(), orderFor(booking.id), paymentFor(`pay_asha_${index}`), new Date());
    }
    const codes = [await series(first.id), await series(second.id)];
    expect(new Set(codes).size).toBe(2);
    expect(codes.every((code) => /^ASHA\d*$/.test(code!))).toBe(true);
  });

  // PGlite has one connection, so two transactions cannot be open at once there.
  it.skipIf(!process.env.DATABASE_URL)(
    "one psychologist's first receipt does not wait on another's of a different name",
    async () => {
      const asha = await createPsychologist(db(), { displayName: 'Dr. Asha Kulkarni' });
      const meera = await createPsychologist(db(), { displayName: 'Meera Nair' });
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      let ashaHasSeries!: () => void;
      const ashaReady = new Promise<void>((resolve) => (ashaHasSeries = resolve));
      const first = db().transaction(async (tx) => {
        await createReceiptsRepository(tx).seriesOf(asha.id, 'ASHA', []);
        ashaHasSeries();
        await held;
      });
      // Asha's failing would leave her promise unresolved: the race ends the test with her error.
      await Promise.race([ashaReady, first]);
      try {
        // Asha's transaction is still open, holding her base's lock; Meera's is another base.
        const code = await db().transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          return createReceiptsRepository(tx).seriesOf(meera.id, 'MEERA', []);
        });
        expect(code).toBe('MEERA');
      } finally {
        letGo();
        await first;
      }
      expect(await series(asha.id)).toMatch(/^ASHA\d*$/);
    },
  );

  it('numbers turn with the financial year at midnight IST between 31 March and 1 April', async () => {
    const who = await createPsychologist(db(), { displayName: 'Kavya Iyer' });
    const booker = await createPatient(db());
    const { booking } = await createPaidBooking(db(), {
      psychologistId: who.id,
      patientId: booker.id,
      startsAt: istSlot(6, 14 * 60),
    });
    const at = ['2027-03-31T18:29:59.000Z', '2027-03-31T18:30:00.000Z', '2027-04-01T10:00:00.000Z'];
    const numbers = [];
    for (const [index, iso] of at.entries()) {
      const row = await issueReceipt(
        db(),
        orderFor(booking.id),
        paymentFor(`pay_fy_${index}`),
        new Date(iso),
      );
      numbers.push(row!.number);
    }
    expect(numbers).toEqual([
      'SK/KAVYA/2026-27/000001',
      'SK/KAVYA/2027-28/000001',
      'SK/KAVYA/2027-28/000002',
    ]);
    // The same payment again (a retried webhook) keeps its number.
    const again = await issueReceipt(
      db(),
      orderFor(booking.id),
      paymentFor('pay_fy_0'),
      new Date(),
    );
    expect(again!.number).toBe(numbers[0]);
  });

  it('refund notes follow partial refunds (shorter length, late cancellation share) and never exceed what was paid', async () => {
    const who = await signedInAs(db(), 'psychologist');
    const policy = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${who.user.id}`,
      headers: who.headers,
      payload: {
        session_20_minute_rate: 600,
        session_45_minute_rate: 1000,
        policy: {
          ...DEFAULT_PRACTICE_POLICY,
          lateCancelWindowMinutes: 72 * 60,
          lateCancelRefundPercent: 50,
        },
      },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const start = istSlot(6, 11 * 60);
    const { bookingId } = await bookAndPay(context.app, patient, who.user.id, start, 45);
    const shorter = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/reschedule`,
      headers: patient.headers,
      payload: { start_time: start.toISOString(), duration_minutes: 20 },
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    // Time passes: the session is now two hours away, inside the 72-hour late window (50 %).
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await db()
      .update(bookings)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + 20 * 60 * 1000) })
      .where(eq(bookings.id, bookingId));
    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const [receipt, ...notes] = await documentsOf(bookingId);
    const code = await series(who.user.id);
    const year = financialYear(new Date());
    expect(receipt!.amountPaise).toBe(100_000);
    expect(notes.map((note) => [note.number, note.amountPaise, note.receiptId])).toEqual([
      [`SK/${code}/${year}/RN/000001`, 40_000, receipt!.id],
      [`SK/${code}/${year}/RN/000002`, 30_000, receipt!.id],
    ]);
    const noteText = (await pdfText((await download(notes[1]!.id, patient)).rawPayload)).text;
    expect(noteText).toContain('Refund Note');
    expect(noteText).toContain(notes[1]!.number);
    expect(noteText).toContain(receipt!.number);
    expect(noteText).toContain(rupeesInWords(30_000));

    // What is left of the receipt is 30,000 paise: a note for more is refused.
    const refund = (amountPaise: number, id: string) =>
      ({ id, amountPaise, reason: 'test' }) as RefundRow;
    await expect(
      db().transaction((tx) =>
        issueRefundNote(
          tx,
          refund(30_001, crypto.randomUUID()),
          receipt!.providerPaymentId,
          new Date(),
        ),
      ),
    ).rejects.toThrow(AppError);
  });

  it('the psychologist’s cancellation fee is receipted to them by the platform, and the patient gets a refund note', async () => {
    const start = istSlot(5, 15 * 60);
    const { bookingId } = await bookAndPay(context.app, patient, otherPsychologist.user.id, start);
    const asked = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: otherPsychologist.headers,
    });
    const penalty = asked.json<{ data: { outcome: string; order_id: string } }>().data;
    expect(penalty.outcome).toBe('penalty_required');
    const paid = await payAndVerify(context.app, otherPsychologist, penalty.order_id);
    expect(paid.statusCode, paid.body).toBe(200);
    const docs = await documentsOf(bookingId);
    const fee = docs.find((doc) => doc.kind === 'penalty_receipt')!;
    expect(fee.number).toMatch(/^SK\/SUKOON\/\d{4}-\d{2}\/\d{6}$/);
    expect(fee).toMatchObject({ issuerId: null, recipientId: otherPsychologist.user.id });
    expect(docs.filter((doc) => doc.kind === 'refund_note')).toHaveLength(1);
    const text = (await pdfText((await download(fee.id, otherPsychologist)).rawPayload)).text;
    expect(text).toContain(fee.number);
    expect(text).toContain('Sukoon');
    expect((await download(fee.id, patient)).statusCode).toBe(404);
  });

  it('50 settlements at once, with duplicate webhooks, use numbers 1 to 50 once each', async () => {
    const who = await signedInAs(db(), 'psychologist');
    const orders = [];
    for (let index = 0; index < 50; index += 1) {
      const payer = await signedInAs(db(), 'patient');
      const day = 2 + Math.floor(index / 20);
      const start = istSlot(day, 9 * 60 + (index % 20) * 30);
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: payer.headers,
        payload: {
          psychologist_id: who.user.id,
          start_time: start.toISOString(),
          duration: 20,
          title: 'Stress',
          description: 'Work',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const paid = await context.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        headers: payer.headers,
        payload: {
          order_id: created.json().data.order_id,
          method: 'upi',
          vpa: 'success@razorpay',
          outcome: 'success',
          webhook: 'duplicate',
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      orders.push({ payer, response: paid.json().data.response as Record<string, string> });
    }
    const verified = await Promise.all([
      ...orders.map(({ payer, response }) =>
        context.app.inject({
          method: 'POST',
          url: '/api/payments/verify-payment',
          headers: payer.headers,
          payload: response,
        }),
      ),
      context.app.paymentsSandbox!.drainWebhooks(),
    ]);
    for (const response of verified.slice(0, 50)) {
      expect((response as { statusCode: number }).statusCode).toBe(200);
    }
    await context.app.paymentsSandbox!.drainWebhooks();
    const code = await series(who.user.id);
    const rows = await db()
      .select({ sequence: paymentDocuments.sequence, number: paymentDocuments.number })
      .from(paymentDocuments)
      .where(eq(paymentDocuments.series, code!))
      .orderBy(asc(paymentDocuments.sequence));
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(50);
  }, 240_000);
});

function orderFor(bookingId: string): PaymentOrderRow {
  return { purpose: 'booking', referenceId: bookingId, notes: {} } as unknown as PaymentOrderRow;
}
function paymentFor(id: string) {
  return { id, amountPaise: 90_000, method: 'upi' };
}
