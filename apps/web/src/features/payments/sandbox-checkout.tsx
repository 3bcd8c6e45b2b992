import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Dialog, Tabs } from 'radix-ui';
import {
  SANDBOX_TEST_VALUES,
  SandboxPayBody,
  formatInr,
  type CheckoutParams,
  type SandboxMethod,
  type SandboxPayData,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, type Translate } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import { ApiError, api } from '../../lib/api-client';
import type { CheckoutResult } from './checkout-result';
import { FIELD_CLASS } from '../../components/ui/field-class';

interface SandboxCheckoutProps {
  params: CheckoutParams;
  onResult: (result: CheckoutResult) => void;
}

const METHOD_LABEL: Record<SandboxMethod, MessageKey> = {
  card: 'checkout.method.card',
  upi: 'checkout.method.upi',
  netbanking: 'checkout.method.netbanking',
};

/**
 * A field's objection in the page's language: the shared schema's checks (the same the server
 * makes), worded from the catalogue by the field and what failed rather than from the schema's English.
 */
function fieldProblem(t: Translate, field: string, code: string): string {
  // 'custom': the field of the chosen method was left empty.
  if (field === 'card_number')
    return t(code === 'custom' ? 'checkout.problem.cardMissing' : 'checkout.problem.cardNumber');
  if (field === 'vpa')
    return t(code === 'custom' ? 'checkout.problem.upiMissing' : 'checkout.problem.upiId');
  return t(code === 'custom' ? 'checkout.problem.bankMissing' : 'checkout.problem.bankCode');
}

const BANK_NAMES: Record<string, string> = {
  HDFC: 'HDFC Bank',
  ICICI: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
};

/** Sukoon's mark on the checkout's header (hidden from screen readers): a logo, not words. */
const BRAND_MARK = 'S';

const inputClass = `mt-1 block ${FIELD_CLASS}`;

/**
 * The app's own test-mode checkout, shaped like Razorpay's: pay with a test card, UPI id or bank, or
 * simulate a failure. The server charges the order's amount and signs the result exactly like Razorpay.
 */
export function SandboxCheckout({ params, onResult }: SandboxCheckoutProps) {
  const [method, setMethod] = useState<SandboxMethod>('card');
  const [card, setCard] = useState<{ number: string; expiry: string; cvv: string; name: string }>({
    ...SANDBOX_TEST_VALUES.card,
  });
  const [vpa, setVpa] = useState<string>(SANDBOX_TEST_VALUES.upi.success);
  const [bank, setBank] = useState<string>(SANDBOX_TEST_VALUES.netbanking.bank);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failedOnce, setFailedOnce] = useState(false);
  // Mounted outside the app's tree (open-checkout.tsx): focus goes back to the Pay button that
  // opened it when it closes, so the dialog underneath keeps it.
  const dialogFocus = useDialogFocus();
  const { t, rich } = useI18n();

  async function pay(outcome: 'success' | 'failure') {
    const body = {
      order_id: params.order_id,
      method,
      outcome,
      ...(method === 'card' ? { card_number: card.number } : {}),
      ...(method === 'upi' ? { vpa: vpa.trim() } : {}),
      ...(method === 'netbanking' ? { bank } : {}),
    };
    const checked = SandboxPayBody.safeParse(body);
    if (!checked.success) {
      setFieldErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => {
            const field = issue.path.join('.');
            return [field, fieldProblem(t, field, issue.code)];
          }),
        ),
      );
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const data = await api<SandboxPayData>('POST', '/api/payments/sandbox/pay', { body });
      if (data.outcome === 'success') {
        onResult(data.response);
        return;
      }
      setFailedOnce(true);
      setFailure(t('checkout.failed', { reason: data.response.error.description }));
    } catch (error) {
      setFailedOnce(true);
      setFailure(error instanceof ApiError ? error.message : t('checkout.notCompleted'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void pay('success');
  }

  const amount = formatInr(params.amount);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onResult(failedOnce ? 'failed' : 'dismissed');
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[calc(100dvh-1.5rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl focus:outline-none"
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <p className="rounded-t-2xl bg-amber-100 px-4 py-2 text-center text-xs font-semibold tracking-wide text-amber-900">
            {rich('checkout.testMode', {
              wide: (chunks: ReactNode) => <span className="hidden sm:inline">{chunks}</span>,
            })}
          </p>
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="flex min-w-0 items-center gap-3">
              <span
                className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {BRAND_MARK}
              </span>
              <div className="min-w-0">
                <Dialog.Title className="text-base font-semibold text-slate-900">
                  {params.name}
                </Dialog.Title>
                <Dialog.Description className="text-sm break-words text-slate-600">
                  {params.description}
                </Dialog.Description>
              </div>
            </div>
            <div className="flex items-start gap-2">
              <p className="text-right">
                <span className="block text-xs text-slate-500">{t('checkout.amount')}</span>
                <span
                  className="text-xl font-semibold text-slate-900"
                  data-testid="checkout-amount"
                >
                  {amount}
                </span>
              </p>
              <Dialog.Close asChild>
                <button
                  type="button"
                  className="-mr-2 -mt-1 grid size-9 place-items-center rounded-lg text-xl leading-none text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                  aria-label={t('checkout.close')}
                  disabled={busy}
                >
                  ×
                </button>
              </Dialog.Close>
            </div>
          </div>

          <form onSubmit={submit} className="px-5 py-4" noValidate>
            <Tabs.Root value={method} onValueChange={(value) => setMethod(value as SandboxMethod)}>
              <Tabs.List
                aria-label={t('checkout.methods')}
                className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
              >
                {(Object.keys(METHOD_LABEL) as SandboxMethod[]).map((value) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className="rounded-md px-1 py-2 text-sm font-medium whitespace-nowrap text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
                  >
                    {t(METHOD_LABEL[value])}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>

              <Tabs.Content value="card" className="mt-4 space-y-3 focus:outline-none">
                <Field label={t('checkout.field.cardNumber')} error={fieldErrors.card_number}>
                  <input
                    className={inputClass}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    value={card.number}
                    aria-invalid={Boolean(fieldErrors.card_number)}
                    onChange={(event) => setCard({ ...card, number: event.target.value })}
                  />
                </Field>
                <div className="grid grid-cols-2 gap-3">
                  <Field label={t('checkout.field.expiry')}>
                    <input
                      className={inputClass}
                      autoComplete="cc-exp"
                      value={card.expiry}
                      onChange={(event) => setCard({ ...card, expiry: event.target.value })}
                    />
                  </Field>
                  <Field label={t('checkout.field.cvv')}>
                    <input
                      className={inputClass}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      value={card.cvv}
                      onChange={(event) => setCard({ ...card, cvv: event.target.value })}
                    />
                  </Field>
                </div>
                <Field label={t('checkout.field.nameOnCard')}>
                  <input
                    className={inputClass}
                    autoComplete="cc-name"
                    value={card.name}
                    onChange={(event) => setCard({ ...card, name: event.target.value })}
                  />
                </Field>
                <p className="text-xs text-slate-500">
                  {t('checkout.testCard', { number: SANDBOX_TEST_VALUES.card.number })}
                </p>
              </Tabs.Content>

              <Tabs.Content value="upi" className="mt-4 space-y-3 focus:outline-none">
                <Field label={t('checkout.field.upiId')} error={fieldErrors.vpa}>
                  <input
                    className={inputClass}
                    autoComplete="off"
                    value={vpa}
                    aria-invalid={Boolean(fieldErrors.vpa)}
                    onChange={(event) => setVpa(event.target.value)}
                  />
                </Field>
                <p className="text-xs text-slate-500">
                  {t('checkout.testUpi', {
                    success: SANDBOX_TEST_VALUES.upi.success,
                    failure: SANDBOX_TEST_VALUES.upi.failure,
                  })}
                </p>
              </Tabs.Content>

              <Tabs.Content value="netbanking" className="mt-4 space-y-3 focus:outline-none">
                <Field label={t('checkout.field.bank')} error={fieldErrors.bank}>
                  <select
                    className={inputClass}
                    value={bank}
                    onChange={(event) => setBank(event.target.value)}
                  >
                    {SANDBOX_TEST_VALUES.netbanking.banks.map((code) => (
                      <option key={code} value={code}>
                        {BANK_NAMES[code] ?? code}
                      </option>
                    ))}
                  </select>
                </Field>
                <p className="text-xs text-slate-500">{t('checkout.testBank')}</p>
              </Tabs.Content>
            </Tabs.Root>

            {failure && (
              <p
                role="alert"
                className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                {failure}
              </p>
            )}

            <div className="mt-5 space-y-2">
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t('checkout.processing') : t('checkout.pay', { amount })}
              </Button>
              <Button
                variant="secondary"
                className="w-full"
                disabled={busy}
                onClick={() => void pay('failure')}
              >
                {t('checkout.simulateFailure')}
              </Button>
            </div>
            <p className="mt-4 text-center text-xs text-slate-500">{t('checkout.footer')}</p>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactElement;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      {children}
      {error && <span className="mt-1 block text-xs font-normal text-red-700">{error}</span>}
    </label>
  );
}
