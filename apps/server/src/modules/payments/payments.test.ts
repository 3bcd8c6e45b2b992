import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, type SandboxPayBody } from '@sukoon/shared';
import { paymentOrders, paymentWebhookEvents, payments, refunds } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { signedInAs } from '../../../test/sign-in';
import type { PurposeDecision } from './payments-types';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

describe('payments through the sandbox provider', () => {
  const context = useTestApp();
  let patient: Caller;
  let decision: PurposeDecision;
  let confirmed: string[];
  let failNext = false;

  beforeAll(async () => {
    patient = await signedInAs(context.database.db, 'patient');
    // A test-only purpose: records each confirmation, and can refuse or fail like a real one.
    context.app.payments.registerPurpose('test', {
      confirm: async ({ order }) => {
        if (failNext) {
          failNext = false;
          throw new Error('the handler crashed');
        }
        confirmed.push(order.providerOrderId);
        return decision;
      },
    });
  });

  beforeEach(() => {
    decision = { accepted: true };
    confirmed = [];
  });

  const db = () => context.database.db;

  async function newOrder(payerId = patient.user.id, amountPaise = 90_000) {
    const { checkout } = await context.app.payments.createOrder({
      purpose: 'test',
      referenceId: randomUUID(),
      amountPaise,
      payerId,
      description: '45-minute session',
    });
    return checkout.order_id;
  }

  function pay(orderId: string, extra: Partial<SandboxPayBody> = {}, as: Caller = patient) {
    return context.app.inject({
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
  }

  async function paidResponse(orderId: string, extra: Partial<SandboxPayBody> = {}) {
    const response = await pay(orderId, extra);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.outcome).toBe('success');
    return data.response as {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
  }

  function verify(payload: object, as: Caller = patient) {
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: as.headers,
      payload,
    });
  }

  function postWebhook(rawBody: string, signature: string, eventId?: string) {
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
      },
      payload: rawBody,
    });
  }

  async function orderRow(orderId: string) {
    const [row] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    return row!;
  }

  async function paymentsOf(orderId: string) {
    const order = await orderRow(orderId);
    return db().select().from(payments).where(eq(payments.orderId, order.id));
  }

  async function refundsOf(orderId: string) {
    const rows = await paymentsOf(orderId);
    const all = await db().select().from(refunds);
    return all.filter((refund) => rows.some((payment) => payment.id === refund.paymentId));
  }

  it('says which provider the browser should open, in test mode', async () => {
    const response = await context.app.inject({ url: '/api/config' });
    expect(response.json().data.payments).toEqual({
      provider: 'sandbox',
      keyId: 'rzp_test_sandbox',
      testMode: true,
    });
    expect(response.headers['content-security-policy']).not.toMatch(/razorpay/);
  });

  it('confirms a checkout payment exactly once, however often it is verified', async () => {
    const orderId = await newOrder();
    const shown = await context.app.inject({
      url: `/api/payments/sandbox/orders/${orderId}`,
      headers: patient.headers,
    });
    expect(shown.json().data).toMatchObject({ amount: 90_000, currency: 'INR', status: 'created' });

    const handlerPayload = await paidResponse(orderId, { webhook: 'normal' });
    expect(handlerPayload.razorpay_order_id).toBe(orderId);
    expect(handlerPayload.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);

    const first = await verify(handlerPayload);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      orderId,
      paymentId: handlerPayload.razorpay_payment_id,
      purpose: 'test',
      amountPaise: 90_000,
      currency: 'INR',
      status: 'paid',
    });
    const again = await verify(handlerPayload);
    expect(again.json().data).toEqual(first.json().data);
    await context.app.paymentsSandbox!.drainWebhooks();

    expect(confirmed).toEqual([orderId]);
    expect((await orderRow(orderId)).status).toBe('paid');
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', confirmedVia: 'checkout', method: 'card' });
  });

  it('refuses a forged signature and records nothing', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    const forged = await verify({ ...handlerPayload, razorpay_signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({
      code: 'PAYMENT_SIGNATURE_INVALID',
      message: 'This payment could not be verified. You have not been charged for a booking.',
    });

    // A genuine signature of another order does not move to this one.
    const otherOrder = await newOrder();
    const swapped = await verify({ ...handlerPayload, razorpay_order_id: otherOrder });
    expect(swapped.statusCode).toBe(400);
    expect(confirmed).toEqual([]);
    expect(await paymentsOf(orderId)).toEqual([]);
  });

  it('refunds a payment whose amount was tampered with, and does not confirm it', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId, { amount: 100 });
    const response = await verify(handlerPayload);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(confirmed).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('created');
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'rejected', rejectionReason: 'amount_mismatch' });
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ status: 'processed', amountPaise: 100, attempts: 1 });
    expect(refund!.providerRefundId).toMatch(/^rfnd_/);
  });

  it('confirms through the webhook when it arrives before the browser, once', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId, { webhook: 'immediate' });
    expect((await orderRow(orderId)).status).toBe('paid');
    const response = await verify(handlerPayload);
    expect(response.statusCode).toBe(200);
    expect(confirmed).toEqual([orderId]);
    const [payment] = await paymentsOf(orderId);
    expect(payment!.confirmedVia).toBe('webhook');
  });

  it('confirms once from duplicate and from out-of-order webhooks when the browser never returns', async () => {
    const duplicated = await newOrder();
    await paidResponse(duplicated, { webhook: 'duplicate' });
    const reversed = await newOrder();
    await paidResponse(reversed, { webhook: 'reversed' });
    await context.app.paymentsSandbox!.drainWebhooks();

    expect(confirmed.sort()).toEqual([duplicated, reversed].sort());
    for (const orderId of [duplicated, reversed]) {
      expect((await orderRow(orderId)).status).toBe('paid');
      expect(await paymentsOf(orderId)).toHaveLength(1);
    }
  });

  it('treats a replayed webhook as already handled', async () => {
    const orderId = await newOrder();
    const { razorpay_payment_id: paymentId } = await paidResponse(orderId);
    const rawBody = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount: 90_000,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
            method: 'upi',
          },
        },
      },
      created_at: 1_795_000_000,
    });
    const signature = context.app.payments.provider.webhookSignature(rawBody);
    const first = await postWebhook(rawBody, signature, 'evt_ReplayTest0001');
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    const replay = await postWebhook(rawBody, signature, 'evt_ReplayTest0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ received: true, duplicate: true });
    expect(confirmed).toEqual([orderId]);
    const events = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, 'evt_ReplayTest0001'));
    expect(events).toHaveLength(1);
  });

  it('rejects a webhook with a wrong, missing or unsigned-body signature', async () => {
    const orderId = await newOrder();
    const { razorpay_payment_id: paymentId } = await paidResponse(orderId);
    const rawBody = JSON.stringify({
      event: 'order.paid',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            amount: 90_000,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
          },
        },
      },
    });
    const good = context.app.payments.provider.webhookSignature(rawBody);
    const wrong = await postWebhook(rawBody, 'f'.repeat(64));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // Re-serialising the body (here: adding a space) breaks the signature, as it must.
    const reformatted = await postWebhook(rawBody.replace(':', ': '), good);
    expect(reformatted.statusCode).toBe(400);
    const missing = await context.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: rawBody,
    });
    expect(missing.statusCode).toBe(400);
    const notJson = await postWebhook(
      'not json',
      context.app.payments.provider.webhookSignature('not json'),
    );
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('BAD_REQUEST');
    expect(confirmed).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('created');
  });

  it('acknowledges events it does not act on, once', async () => {
    const rawBody = JSON.stringify({
      entity: 'event',
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_Unrelated00001', amount: 100 } } },
    });
    const signature = context.app.payments.provider.webhookSignature(rawBody);
    const first = await postWebhook(rawBody, signature, 'evt_Unrelated00001');
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    const again = await postWebhook(rawBody, signature, 'evt_Unrelated00001');
    expect(again.json().data).toEqual({ received: true, duplicate: true });
    // A payment for an order this app never made (another integration on the account) is ignored.
    const foreign = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_Foreign0000001',
            amount: 100,
            currency: 'INR',
            status: 'captured',
            order_id: 'order_Foreign000001',
          },
        },
      },
    });
    const ignored = await postWebhook(
      foreign,
      context.app.payments.provider.webhookSignature(foreign),
    );
    expect(ignored.statusCode).toBe(200);
    expect(
      await context.app.payments.findPaymentByProviderId('pay_Foreign0000001'),
    ).toBeUndefined();
  });

  it('refunds automatically when the purpose refuses (the hold expired), once', async () => {
    decision = { accepted: false, reason: 'hold expired' };
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId, { webhook: 'duplicate' });
    const response = await verify(handlerPayload);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'PAYMENT_REFUNDED',
      message:
        'We could not complete this booking (the slot was no longer held for you), so your payment has been refunded in full.',
    });
    await context.app.paymentsSandbox!.drainWebhooks();
    expect(await verify(handlerPayload).then((r) => r.statusCode)).toBe(409);

    expect(confirmed).toEqual([orderId]);
    expect((await orderRow(orderId)).status).toBe('refused');
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'rejected', rejectionReason: 'refused' });
    const refundRows = await refundsOf(orderId);
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({
      status: 'processed',
      amountPaise: 90_000,
      reason: 'refused: hold expired',
    });

    const shown = await context.app.inject({
      url: `/api/payments/orders/${orderId}`,
      headers: patient.headers,
    });
    expect(shown.json().data).toMatchObject({
      order_id: orderId,
      status: 'refused',
      amount: 90_000,
      payments: [{ id: handlerPayload.razorpay_payment_id, status: 'rejected', amount: 90_000 }],
      refunds: [{ status: 'processed', amount: 90_000, attempts: 1, next_retry_at: null }],
    });
    const stranger = await signedInAs(db(), 'patient');
    const hidden = await context.app.inject({
      url: `/api/payments/orders/${orderId}`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(403);
  });

  it('refunds a second payment of an order that is already paid', async () => {
    const orderId = await newOrder();
    expect((await verify(await paidResponse(orderId))).statusCode).toBe(200);
    // The order is settled, so the sandbox checkout will not take another payment of it...
    expect((await pay(orderId)).statusCode).toBe(409);
    // ...but a gateway may still report one (a customer paying twice in two tabs).
    const rawBody = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_SecondPayment01',
            amount: 90_000,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
          },
        },
      },
    });
    const sent = await postWebhook(
      rawBody,
      context.app.payments.provider.webhookSignature(rawBody),
    );
    expect(sent.statusCode).toBe(200);
    const rows = await paymentsOf(orderId);
    expect(rows.map((row) => row.status).sort()).toEqual(['captured', 'rejected']);
    const refundRows = await refundsOf(orderId);
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]!.reason).toMatch(/^already_settled/);
    expect(confirmed).toEqual([orderId]);
  });

  it('tells the payer of a second payment that the order was already paid and this one is refunded', async () => {
    const orderId = await newOrder();
    // Two tabs: both payments go through before either callback reaches us.
    const first = await paidResponse(orderId);
    const second = await paidResponse(orderId);
    expect((await verify(first)).statusCode).toBe(200);
    const refused = await verify(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PAYMENT_ALREADY_PAID',
      message: errorMessage('PAYMENT_ALREADY_PAID'),
    });
    expect((await orderRow(orderId)).status).toBe('paid');
    expect((await refundsOf(orderId)).map((row) => row.reason)).toEqual([
      expect.stringMatching(/^already_settled/),
    ]);
  });

  it('records and refunds a payment whose purpose handler fails, rather than losing it', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    failNext = true;
    const refused = await verify(handlerPayload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_REFUNDED');
    expect((await paymentsOf(orderId)).map((row) => row.status)).toEqual(['rejected']);
    expect((await orderRow(orderId)).status).toBe('refused');
    // Verifying again replays the outcome; nothing is confirmed twice or refunded twice.
    expect((await verify(handlerPayload)).statusCode).toBe(409);
    expect(confirmed).toEqual([]);
  });

  it('keeps a failed payment on record and lets the patient pay again', async () => {
    const orderId = await newOrder();
    const failed = await pay(orderId, { outcome: 'failure', webhook: 'immediate' });
    expect(failed.json().data).toMatchObject({
      outcome: 'failure',
      response: { error: { code: 'BAD_REQUEST_ERROR', metadata: { order_id: orderId } } },
    });
    const upiFailure = await pay(orderId, {
      method: 'upi',
      vpa: 'failure@razorpay',
      outcome: 'success',
    });
    expect(upiFailure.json().data.outcome).toBe('failure');
    expect((await orderRow(orderId)).status).toBe('created');
    expect((await paymentsOf(orderId)).map((row) => row.status)).toEqual(['failed']);

    const handlerPayload = await paidResponse(orderId, { method: 'upi', vpa: 'success@razorpay' });
    expect((await verify(handlerPayload)).statusCode).toBe(200);
    expect(confirmed).toEqual([orderId]);
  });

  it('lets only the payer verify or pay, and only when signed in', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    const stranger = await signedInAs(db(), 'patient');
    expect((await verify(handlerPayload, stranger)).statusCode).toBe(403);
    expect((await pay(orderId, {}, stranger)).statusCode).toBe(403);
    const signedOut = await context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      payload: handlerPayload,
    });
    expect(signedOut.statusCode).toBe(401);
    const unknown = await verify({ ...handlerPayload, razorpay_order_id: 'order_Unknown0000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PAYMENT_ORDER_NOT_FOUND');
    expect(confirmed).toEqual([]);
  });

  it('answers bad input with 400 and a message for the field', async () => {
    const bad = await verify({ razorpay_order_id: 'x', razorpay_payment_id: 'pay_1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const details = bad.json().error.details as { path: string }[];
    expect(details.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['body.razorpay_order_id', 'body.razorpay_signature']),
    );
    const orderId = await newOrder();
    const noCard = await pay(orderId, { card_number: undefined });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe('body.card_number: Enter a card number');
    const badUpi = await pay(orderId, { method: 'upi', vpa: 'not a vpa' });
    expect(badUpi.statusCode).toBe(400);
  });

  it('makes refunds idempotent on their key and never larger than the payment', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    await verify(handlerPayload);
    const payment = await context.app.payments.findPaymentByProviderId(
      handlerPayload.razorpay_payment_id,
    );
    const input = {
      paymentId: payment!.id,
      idempotencyKey: `cancel-${orderId}`,
      reason: 'patient cancelled',
    };
    const first = await context.app.payments.refund(input);
    const second = await context.app.payments.refund(input);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'processed', amountPaise: 90_000 });
    await expect(
      context.app.payments.refund({ ...input, idempotencyKey: `more-${orderId}`, amountPaise: 1 }),
    ).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('confirms once when checkout callbacks and webhooks race each other', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    const rawBody = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: handlerPayload.razorpay_payment_id,
            amount: 90_000,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
            method: 'card',
          },
        },
      },
    });
    const signature = context.app.payments.provider.webhookSignature(rawBody);
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, () => verify(handlerPayload)),
      ...Array.from({ length: 6 }, (_, index) =>
        postWebhook(rawBody, signature, `evt_Race${String(index % 3).padStart(10, '0')}`),
      ),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    expect(confirmed).toEqual([orderId]);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('lets only one of several parallel full refunds of a payment through', async () => {
    const orderId = await newOrder();
    const handlerPayload = await paidResponse(orderId);
    await verify(handlerPayload);
    const payment = await context.app.payments.findPaymentByProviderId(
      handlerPayload.razorpay_payment_id,
    );
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        context.app.payments.refund({
          paymentId: payment!.id,
          idempotencyKey: `parallel-${index}-${orderId}`,
          reason: 'cancelled',
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('documents the payment routes in the OpenAPI document', async () => {
    const response = await context.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/payments/verify-payment',
        '/api/payments/webhook',
        '/api/payments/sandbox/pay',
      ]),
    );
  });

  it('offers a demo order for the test checkout at the default 20-minute fee', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/demo-order',
      headers: patient.headers,
    });
    expect(response.statusCode).toBe(200);
    const checkout = response.json().data as { order_id: string };
    expect(checkout).toMatchObject({ provider: 'sandbox', amount: 50_000, currency: 'INR' });
    const handlerPayload = await paidResponse(checkout.order_id);
    expect((await verify(handlerPayload)).json().data.purpose).toBe('sandbox-demo');
  });
});

describe('a payment’s receipt', () => {
  const context = useTestApp();
  let patient: Caller;
  /** What the purpose does: ask for the receipt (twice), not ask, or ask and then refuse. */
  let mode: 'ask' | 'skip' | 'ask-then-refuse';
  let numbered: string[];
  let seenByPurpose: unknown[];

  beforeAll(async () => {
    patient = await signedInAs(context.database.db, 'patient');
    // Counts the receipts the settlement numbers (the receipts module's hook, replaced here).
    context.app.payments.registerDocuments({
      captured: async (_tx, _order, payment) => {
        numbered.push(payment.id);
        return { id: randomUUID(), kind: 'receipt', number: `SK/TEST/${numbered.length}` };
      },
      refundRecorded: async () => null,
    });
    context.app.payments.registerPurpose('receipted', {
      confirm: async ({ receipt }) => {
        if (mode === 'skip') return { accepted: true };
        seenByPurpose.push(await receipt(), await receipt());
        return mode === 'ask'
          ? { accepted: true }
          : { accepted: false, reason: 'changed its mind' };
      },
    });
  });

  beforeEach(() => {
    numbered = [];
    seenByPurpose = [];
  });

  async function payFor() {
    const { checkout } = await context.app.payments.createOrder({
      purpose: 'receipted',
      referenceId: randomUUID(),
      amountPaise: 90_000,
      payerId: patient.user.id,
      description: '45-minute session',
    });
    const paid = await context.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: patient.headers,
      payload: {
        order_id: checkout.order_id,
        method: 'card',
        card_number: '4111 1111 1111 1111',
        outcome: 'success',
        webhook: 'none',
      },
    });
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: patient.headers,
      payload: paid.json().data.response,
    });
  }

  it('is numbered once when the purpose asks for it early, and the purpose gets that one', async () => {
    mode = 'ask';
    expect((await payFor()).statusCode).toBe(200);
    expect(numbered).toHaveLength(1);
    expect(seenByPurpose[0]).toMatchObject({ number: 'SK/TEST/1' });
    expect(seenByPurpose[1]).toBe(seenByPurpose[0]);
  });

  it('is numbered once by the settlement when the purpose does not ask', async () => {
    mode = 'skip';
    expect((await payFor()).statusCode).toBe(200);
    expect(numbered).toHaveLength(1);
  });

  it('a purpose that asks for it and then refuses is refused and refunded, with no other receipt numbered', async () => {
    mode = 'ask-then-refuse';
    const response = await payFor();
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYMENT_REFUNDED');
    // Numbered in the purpose's savepoint, which is rolled back; the settlement numbers no other.
    expect(numbered).toHaveLength(1);
  });
});
