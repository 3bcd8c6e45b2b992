import { useState } from 'react';
import { formatInr, type VerifyPaymentData } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { openCheckout } from './open-checkout';
import { createDemoOrder, usePaymentsConfig, verifyPayment } from './payments-api';

type Status =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'paid'; data: VerifyPaymentData }
  | { kind: 'stopped'; reason: 'dismissed' | 'failed' }
  | { kind: 'error'; message: string };

/**
 * A small test-mode page (/sandbox/checkout) to try the payment path end to end: create an order on
 * the server, pay it in the checkout, verify it on the server. Signed-in users only.
 */
export function CheckoutPlayground({ signedIn }: { signedIn: boolean }) {
  const config = usePaymentsConfig();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const t = useT();

  async function run() {
    if (status.kind === 'working') return;
    setStatus({ kind: 'working' });
    try {
      const params = await createDemoOrder();
      const result = await openCheckout(params);
      if (result === 'dismissed' || result === 'failed') {
        setStatus({ kind: 'stopped', reason: result });
        return;
      }
      setStatus({ kind: 'paid', data: await verifyPayment(result) });
    } catch (error) {
      setStatus({
        kind: 'error',
        message: error instanceof ApiError ? error.message : t('checkout.playground.error'),
      });
    }
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold">{t('checkout.playground.title')}</h1>
          {config.data?.testMode && (
            <Badge tone="violet">{t('checkout.playground.testMode')}</Badge>
          )}
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {t(
            config.data?.provider === 'razorpay'
              ? 'checkout.playground.introRazorpay'
              : 'checkout.playground.introSandbox',
            { amount: formatInr(50_000) },
          )}
        </p>
        {!signedIn ? (
          <p className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('checkout.playground.signInFirst')}
          </p>
        ) : (
          // aria-disabled rather than disabled while the checkout is open: the button keeps focus,
          // and the checkout gives it back when it closes.
          <Button
            className="mt-6"
            onClick={() => void run()}
            aria-disabled={status.kind === 'working'}
          >
            {t(
              status.kind === 'working'
                ? 'checkout.playground.open'
                : 'checkout.playground.openCheckout',
            )}
          </Button>
        )}
        <div className="mt-6" aria-live="polite">
          {status.kind === 'paid' && (
            <p className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800">
              {t('checkout.playground.verified', {
                amount: formatInr(status.data.amountPaise),
                paymentId: status.data.paymentId,
              })}
            </p>
          )}
          {status.kind === 'stopped' && (
            <p className="text-sm text-slate-600">
              {t(
                status.reason === 'failed'
                  ? 'checkout.playground.failed'
                  : 'checkout.playground.dismissed',
              )}
            </p>
          )}
          {status.kind === 'error' && (
            <p role="alert" className="text-sm text-red-700">
              {status.message}
            </p>
          )}
        </div>
      </div>
      <p className="mt-4 text-center text-sm">
        <a className="text-brand-700 underline hover:text-brand-800" href="/">
          {t('checkout.playground.back')}
        </a>
      </p>
    </main>
  );
}
