import { useQuery } from '@tanstack/react-query';
import type {
  CheckoutParams,
  CheckoutSuccess,
  PublicConfig,
  VerifyPaymentData,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** Which provider the server pays through, for notes such as "Secure payment by Razorpay". */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<PublicConfig>('GET', '/api/config', { signal }),
    staleTime: Infinity,
    select: (config) => config.payments,
  });
}

/** Sends the checkout's result to the server, which checks the signature and the amount. */
export function verifyPayment(result: CheckoutSuccess) {
  return api<VerifyPaymentData>('POST', '/api/payments/verify-payment', { body: result });
}

/** TEST MODE only: an order for the default 20-minute fee, to try the sandbox checkout. */
export function createDemoOrder() {
  return api<CheckoutParams>('POST', '/api/payments/sandbox/demo-order');
}
