import Razorpay from 'razorpay';
import {
  ProviderError,
  hmacHex,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider';

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Another API host (tests point this at a local server that answers like Razorpay). */
  apiUrl?: string;
}

/** The slice of the SDK's axios instance we use; the SDK keeps it at `instance.api.rq`. */
interface SdkHttp {
  defaults: { baseURL?: string; timeout?: number };
  post<T>(
    url: string,
    data: unknown,
    config?: { headers?: Record<string, string> },
  ): Promise<{ data: T }>;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number | string;
  currency: string;
  status: ProviderPayment['status'];
  method?: string | null;
}

/** Razorpay through its official SDK. */
export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (client.api as unknown as { rq: SdkHttp }).rq;
  // The SDK hard-codes https://api.razorpay.com; its axios instance is the supported seam to move it.
  if (options.apiUrl) http.defaults.baseURL = options.apiUrl;
  // Without a timeout a hung connection would hold a request (or the refund worker) forever.
  http.defaults.timeout = 15_000;

  return {
    name: 'razorpay',
    keyId: options.keyId,
    testMode: options.keyId.startsWith('rzp_test_'),

    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await call(() =>
        client.orders.create({ amount: amountPaise, currency, receipt, notes }),
      );
      return { id: order.id, amountPaise: Number(order.amount), currency: order.currency };
    },

    async fetchPayment(paymentId) {
      const payment = (await call(() =>
        client.payments.fetch(paymentId),
      )) as unknown as RazorpayPaymentEntity;
      return toProviderPayment(payment);
    },

    async fetchOrderPayments(orderId) {
      const { items } = (await call(() => client.orders.fetchPayments(orderId))) as unknown as {
        items: RazorpayPaymentEntity[];
      };
      return items.map(toProviderPayment);
    },

    async refund({ paymentId, amountPaise, idempotencyKey, notes }): Promise<ProviderRefund> {
      // The SDK drops unknown headers, so the idempotent refund (X-Refund-Idempotency) goes through its
      // own authenticated HTTP client directly.
      const { data } = await call(() =>
        http.post<{ id: string; amount: number; status: string }>(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          { amount: amountPaise, speed: 'normal', notes },
          { headers: { 'X-Refund-Idempotency': idempotencyKey } },
        ),
      );
      return { id: data.id, amountPaise: Number(data.amount), status: data.status };
    },

    checkoutSignature: (orderId, paymentId) =>
      hmacHex(options.keySecret, `${orderId}|${paymentId}`),
    webhookSignature: (rawBody) => hmacHex(options.webhookSecret, rawBody),
  };
}

export function toProviderPayment(payment: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: payment.id,
    orderId: payment.order_id ?? null,
    amountPaise: Number(payment.amount),
    currency: payment.currency,
    status: payment.status,
    method: payment.method ?? null,
  };
}

/**
 * Runs an SDK call and turns its failures into ProviderErrors: the SDK rejects with
 * `{ statusCode, error: { description } }` for API errors and with an axios error (or a TypeError from
 * its own error mapping) when there was no response at all.
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = (error as { statusCode?: unknown; response?: { status?: unknown } }).statusCode;
    const httpStatus =
      typeof status === 'number'
        ? status
        : Number((error as { response?: { status?: unknown } }).response?.status) || undefined;
    const description =
      (error as { error?: { description?: unknown } }).error?.description ??
      (error as { response?: { data?: { error?: { description?: unknown } } } }).response?.data
        ?.error?.description;
    const message =
      typeof description === 'string'
        ? description
        : error instanceof Error
          ? error.message
          : 'unknown error';
    // 4xx other than 409 (request in progress) and 429 (rate limited) will fail the same way again.
    const retryable =
      httpStatus === undefined || httpStatus >= 500 || httpStatus === 409 || httpStatus === 429;
    throw new ProviderError(
      `Razorpay${httpStatus ? ` ${httpStatus}` : ''}: ${message}`,
      retryable,
      httpStatus,
    );
  }
}
