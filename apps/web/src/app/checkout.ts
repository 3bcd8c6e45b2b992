import type { CheckoutParams } from '@sukoon/shared';
import type { CheckoutResult } from '../features/payments/checkout-result';

/**
 * The payments feature's checkout (the sandbox's dialog and Razorpay's loader), fetched only when a
 * payment is near: it is not part of the dashboard's first load.
 */
export const loadCheckout = () => import('../features/payments/open-checkout');

export async function openCheckout(params: CheckoutParams): Promise<CheckoutResult> {
  const { openCheckout: open } = await loadCheckout();
  return open(params);
}
