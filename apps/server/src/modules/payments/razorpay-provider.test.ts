import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { signedInAs } from '../../../test/sign-in';
import { hmacHex } from './payment-provider';
import { createRazorpayProvider } from './razorpay-provider';

const KEY_ID = 'rzp_test_LocalFake0001';
const KEY_SECRET = 'local-key-secret-0001';
const WEBHOOK_SECRET = 'local-webhook-secret-0001';

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown> | null;
}

/**
 * A local HTTP server that answers like Razorpay's Orders, Payments and Refunds APIs (basic auth,
 * JSON bodies, `{ error: { code, description } }` failures), so the real SDK talks real HTTP to it.
 */
function fakeRazorpay() {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, { id: string; amount: number; currency: string }>();
  const payments = new Map<string, Record<string, unknown>>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const state = { failRefunds: 0, failOrders: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

  const server: Server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const header = request.headers['x-refund-idempotency'];
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        idempotencyKey: typeof header === 'string' ? header : undefined,
        body,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const fail = (status: number, description: string) =>
        send(status, { error: { code: 'SERVER_ERROR', description } });
      if (request.headers.authorization !== expectedAuth) {
        return send(401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        });
      }
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/v1/orders') {
        if (state.failOrders > 0) {
          state.failOrders -= 1;
          return fail(500, 'We are facing some trouble completing your request at the moment.');
        }
        const order = {
          id: `order_Fake${String(orders.size).padStart(10, '0')}`,
          entity: 'order',
          amount: Number(body?.amount),
          currency: String(body?.currency),
          receipt: body?.receipt,
          notes: body?.notes,
          status: 'created',
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const orderPayments = /^\/v1\/orders\/([^/?]+)\/payments$/.exec(url);
      if (orderPayments && request.method === 'GET') {
        const items = [...payments.values()].filter((p) => p.order_id === orderPayments[1]);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const paymentMatch = /^\/v1\/payments\/([^/?]+)(\/refund)?/.exec(url);
      if (paymentMatch && request.method === 'GET' && !paymentMatch[2]) {
        const payment = payments.get(paymentMatch[1]!);
        return payment
          ? send(200, payment)
          : send(400, {
              error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
            });
      }
      if (paymentMatch && request.method === 'POST' && paymentMatch[2]) {
        if (state.failRefunds > 0) {
          state.failRefunds -= 1;
          return fail(502, 'Bank gateway timed out');
        }
        const key = typeof header === 'string' ? header : randomUUID();
        const refund = refundsByKey.get(key) ?? {
          id: `rfnd_Fake${String(refundsByKey.size).padStart(10, '0')}`,
          entity: 'refund',
          amount: body?.amount,
          payment_id: paymentMatch[1],
          status: 'processed',
        };
        refundsByKey.set(key, refund);
        return send(200, refund);
      }
      return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'no such route' } });
    });
  });

  /** What Razorpay would record when the customer pays `amount` against the order. */
  function capture(orderId: string, amount: number) {
    const id = `pay_Fake${String(payments.size).padStart(10, '0')}`;
    payments.set(id, {
      id,
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      captured: true,
    });
    return { id, signature: hmacHex(KEY_SECRET, `${orderId}|${id}`) };
  }

  return { server, requests, state, capture, refundsByKey };
}

describe('the Razorpay provider against a local Razorpay-like server', () => {
  const fake = fakeRazorpay();
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  const context = useTestApp(
    {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      REFUND_RETRY_SECONDS: '1',
    },
    () => ({
      paymentProvider: createRazorpayProvider({
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: baseUrl,
      }),
    }),
  );
  const confirmed: string[] = [];

  beforeAll(() => {
    context.app.payments.registerPurpose('test', {
      confirm: async ({ order }) => {
        confirmed.push(order.providerOrderId);
        return { accepted: true };
      },
    });
  });

  async function newOrder(payerId: string, amountPaise = 50_000) {
    const { checkout } = await context.app.payments.createOrder({
      purpose: 'test',
      referenceId: randomUUID(),
      amountPaise,
      payerId,
      description: '20-minute session',
      receipt: `rcpt-${randomUUID().slice(0, 8)}`,
    });
    return checkout;
  }

  it('exposes the key id and allows checkout.razorpay.com in the CSP', async () => {
    const response = await context.app.inject({ url: '/api/config' });
    expect(response.json().data.payments).toEqual({
      provider: 'razorpay',
      keyId: KEY_ID,
      testMode: true,
    });
    // The page (not the API's JSON) is where checkout.js runs.
    const page = await context.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'self' https:\/\/checkout\.razorpay\.com/,
    );
    const sandbox = await context.app.inject({ method: 'POST', url: '/api/payments/sandbox/pay' });
    expect(sandbox.statusCode).toBe(404);
    expect(context.app.paymentsSandbox).toBeNull();
  });

  it('creates the order through the SDK and verifies a payment fetched from the API', async () => {
    const patient = await signedInAs(context.database.db, 'patient');
    const checkout = await newOrder(patient.user.id);
    expect(checkout).toMatchObject({ provider: 'razorpay', key: KEY_ID, amount: 50_000 });
    const created = fake.requests.find((request) => request.url === '/v1/orders');
    expect(created?.body).toMatchObject({
      amount: 50_000,
      currency: 'INR',
      notes: { purpose: 'test' },
    });

    const paid = fake.capture(checkout.order_id, 50_000);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: patient.headers,
      payload: {
        razorpay_order_id: checkout.order_id,
        razorpay_payment_id: paid.id,
        razorpay_signature: paid.signature,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ paymentId: paid.id, status: 'paid' });
    expect(confirmed).toContain(checkout.order_id);
    expect(fake.requests.some((request) => request.url === `/v1/payments/${paid.id}`)).toBe(true);
  });

  it('accepts a webhook signed with the webhook secret and not with the key secret', async () => {
    const patient = await signedInAs(context.database.db, 'patient');
    const checkout = await newOrder(patient.user.id);
    const paid = fake.capture(checkout.order_id, 50_000);
    const rawBody = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: {
          entity: {
            id: paid.id,
            amount: 50_000,
            currency: 'INR',
            status: 'captured',
            order_id: checkout.order_id,
          },
        },
      },
    });
    const post = (secret: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(secret, rawBody),
          'x-razorpay-event-id': `evt_${paid.id.slice(4)}`,
        },
        payload: rawBody,
      });
    expect((await post(KEY_SECRET)).statusCode).toBe(400);
    expect((await post(WEBHOOK_SECRET)).json().data).toEqual({ received: true, duplicate: false });
    expect(confirmed).toContain(checkout.order_id);
  });

  it('says "Failed to create order" when Razorpay fails to create it', async () => {
    const patient = await signedInAs(context.database.db, 'patient');
    fake.state.failOrders = 1;
    await expect(newOrder(patient.user.id)).rejects.toMatchObject({
      code: 'ORDER_CREATION_FAILED',
      status: 502,
      message: 'Failed to create order. Please try again in a moment.',
    });
  });

  it('retries a refund that failed once, with the same idempotency key, until it goes through', async () => {
    const patient = await signedInAs(context.database.db, 'patient');
    const checkout = await newOrder(patient.user.id);
    // The customer's checkout charged less than the order: the payment is refused and refunded.
    const paid = fake.capture(checkout.order_id, 100);
    fake.state.failRefunds = 1;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/payments/verify-payment',
      headers: patient.headers,
      payload: {
        razorpay_order_id: checkout.order_id,
        razorpay_payment_id: paid.id,
        razorpay_signature: paid.signature,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('PAYMENT_AMOUNT_MISMATCH');

    const payment = await context.app.payments.findPaymentByProviderId(paid.id);
    const [pending] = await context.app.payments.listRefundsForPayment(payment!.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, amountPaise: 100 });
    expect(pending!.lastError).toMatch(/Razorpay 502: Bank gateway timed out/);
    const shown = await context.app.inject({
      url: `/api/payments/orders/${checkout.order_id}`,
      headers: patient.headers,
    });
    expect(shown.json().data.refunds).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, amount: 100 }),
    ]);
    expect(shown.json().data.refunds[0].next_retry_at).not.toBeNull();

    // The worker (every second here) picks it up once its back-off has passed.
    const deadline = Date.now() + 10_000;
    let refund = pending!;
    while (refund.status !== 'processed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [refund] = (await context.app.payments.listRefundsForPayment(payment!.id)) as [typeof refund];
    }
    expect(refund).toMatchObject({ status: 'processed', attempts: 2 });
    expect(refund.providerRefundId).toMatch(/^rfnd_Fake/);
    const refundCalls = fake.requests.filter((request) => request.url.endsWith('/refund'));
    expect(refundCalls.map((request) => request.idempotencyKey)).toEqual([
      `auto-${paid.id}`,
      `auto-${paid.id}`,
    ]);
    expect(refundCalls[1]!.body).toMatchObject({ amount: 100, speed: 'normal' });
  });
});
