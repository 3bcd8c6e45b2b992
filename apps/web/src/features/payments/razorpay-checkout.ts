import type { CheckoutParams, CheckoutSuccess } from '@sukoon/shared';
import type { CheckoutResult } from './checkout-result';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads Razorpay's checkout.js once (the server's CSP allows it only when Razorpay is configured). */
function loadCheckoutScript(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js did not load'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('checkout.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Razorpay's own checkout. A failed attempt keeps the modal open so the patient can try another way
 * to pay, as Razorpay intends; closing it after a failure reports 'failed', otherwise 'dismissed'.
 */
export async function openRazorpayCheckout(params: CheckoutParams): Promise<CheckoutResult> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadCheckoutScript();
  } catch {
    return 'failed';
  }
  return new Promise<CheckoutResult>((resolve) => {
    let failedOnce = false;
    const checkout = new Razorpay({
      key: params.key,
      amount: params.amount,
      currency: params.currency,
      name: params.name,
      description: params.description,
      order_id: params.order_id,
      prefill: params.prefill ?? {},
      theme: { color: '#0f766e' },
      handler: (response: CheckoutSuccess) => resolve(response),
      modal: { ondismiss: () => resolve(failedOnce ? 'failed' : 'dismissed') },
    });
    checkout.on('payment.failed', () => {
      failedOnce = true;
    });
    checkout.open();
  });
}
