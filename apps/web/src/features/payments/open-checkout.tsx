import { createRoot } from 'react-dom/client';
import type { CheckoutParams } from '@sukoon/shared';
import { loadMessages } from '../../i18n/catalogue';
import { I18nProvider } from '../../i18n/i18n';
import { pageLocale } from '../../i18n/locale';
import type { CheckoutResult } from './checkout-result';
import { openRazorpayCheckout } from './razorpay-checkout';
import { SandboxCheckout } from './sandbox-checkout';

/**
 * Opens the checkout for an order the server created: Razorpay's checkout.js when the server uses
 * Razorpay, otherwise the app's own test-mode sandbox checkout, in the page's language (its own
 * React root, so it is given the page's catalogue). Resolves once, when it closes.
 * The caller must still send a success to `POST /api/payments/verify-payment`; nothing here is trusted.
 */
export async function openCheckout(params: CheckoutParams): Promise<CheckoutResult> {
  if (params.provider === 'razorpay') return openRazorpayCheckout(params);
  const locale = pageLocale();
  // The page's catalogue is already here (it was fetched to draw the page): no new request.
  const messages = await loadMessages(locale);
  return new Promise<CheckoutResult>((resolve) => {
    const container = document.createElement('div');
    container.dataset.sandboxCheckout = '';
    document.body.appendChild(container);
    const root = createRoot(container);
    const finish = (result: CheckoutResult) => {
      // Unmount after the click that closed it has finished, so React is not torn down mid-event.
      queueMicrotask(() => {
        root.unmount();
        container.remove();
      });
      resolve(result);
    };
    root.render(
      <I18nProvider locale={locale} messages={messages}>
        <SandboxCheckout params={params} onResult={finish} />
      </I18nProvider>,
    );
  });
}
