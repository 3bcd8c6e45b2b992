import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutParams } from '@sukoon/shared';
import { openRazorpayCheckout } from './razorpay-checkout';

const params: CheckoutParams = {
  provider: 'razorpay',
  key: 'rzp_test_Key0000001',
  order_id: 'order_Test0000000001',
  amount: 50_000,
  currency: 'INR',
  name: 'Sukoon',
  description: '20-minute session',
  prefill: { email: 'patient@example.test' },
};

/**
 * Stands in for the global that Razorpay's checkout.js defines (it cannot load here): records the
 * options it was opened with and lets the test play the customer.
 */
function installCheckoutGlobal() {
  const opened: { options: Record<string, unknown>; failed?: () => void }[] = [];
  window.Razorpay = class {
    private readonly entry: (typeof opened)[number];
    constructor(options: Record<string, unknown>) {
      this.entry = { options };
      opened.push(this.entry);
    }
    open() {}
    on(_event: 'payment.failed', handler: () => void) {
      this.entry.failed = handler;
    }
  };
  return opened;
}

afterEach(() => {
  delete window.Razorpay;
});

describe('openRazorpayCheckout', () => {
  it('opens with the server order and resolves with the handler payload', async () => {
    const opened = installCheckoutGlobal();
    const result = openRazorpayCheckout(params);
    await Promise.resolve();
    const options = opened[0]!.options;
    expect(options).toMatchObject({
      key: params.key,
      order_id: params.order_id,
      amount: 50_000,
      currency: 'INR',
      prefill: { email: 'patient@example.test' },
    });
    const payload = {
      razorpay_order_id: params.order_id,
      razorpay_payment_id: 'pay_Test0000000001',
      razorpay_signature: 'b'.repeat(64),
    };
    (options.handler as (response: unknown) => void)(payload);
    await expect(result).resolves.toEqual(payload);
  });

  it("reports 'dismissed' when closed, and 'failed' when closed after a failed attempt", async () => {
    const opened = installCheckoutGlobal();
    const dismissed = openRazorpayCheckout(params);
    await Promise.resolve();
    (opened[0]!.options.modal as { ondismiss: () => void }).ondismiss();
    await expect(dismissed).resolves.toBe('dismissed');

    const failed = openRazorpayCheckout(params);
    await Promise.resolve();
    opened[1]!.failed!();
    (opened[1]!.options.modal as { ondismiss: () => void }).ondismiss();
    await expect(failed).resolves.toBe('failed');
  });
});
