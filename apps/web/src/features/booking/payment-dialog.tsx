import { useState } from 'react';
import { type PaymentProviderName, type PracticePolicy } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { cancellationTermsText, rescheduleTermsText } from '../policy/policy-words';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { formatRupees } from '../../lib/money';
import { DIALOG_ACTIONS } from './dialog-actions';
import { formatSessionDate, formatTimeRange } from './session-time';

export interface PaymentSummary {
  service: string;
  issue: string;
  start: Date;
  end: Date;
  durationMinutes: number;
  /** The amount the server charges, in paise. */
  amountPaise: number;
  timeZone: string;
  /** When the server lets the slot go unless it is paid (the order's hold_expires_at). */
  heldUntil: Date;
  /** The psychologist's practice policy the session is booked under; its terms are shown before paying. */
  policy?: PracticePolicy | undefined;
  /** Whom the receipt is made out to (the patient's full name, or one from their username). */
  receiptName?: string | undefined;
}

interface PaymentDialogProps {
  summary: PaymentSummary | null;
  provider: PaymentProviderName | undefined;
  testMode: boolean;
  busy: boolean;
  error: string | null;
  /** The payment was refused or could not be verified: nothing to pay any more. */
  closeOnly?: boolean;
  onPay: () => void;
  onClose: () => void;
}

/** 'Complete Your Booking': service, issue, date, duration, fee, total and Pay (specification). */
export function PaymentDialog({
  summary,
  provider,
  testMode,
  busy,
  error,
  closeOnly = false,
  onPay,
  onClose,
}: PaymentDialogProps) {
  const t = useT();
  // [what the row is, its label, its value]
  const rows: [string, string, string][] = summary
    ? [
        ['service', t('payment.service'), summary.service],
        ['issue', t('payment.issue'), summary.issue],
        ['date', t('payment.date'), formatSessionDate(summary.start, summary.timeZone)],
        ['time', t('payment.time'), formatTimeRange(summary.start, summary.end, summary.timeZone)],
        [
          'duration',
          t('payment.duration'),
          t('payment.minutes', { minutes: summary.durationMinutes }),
        ],
        ...(summary.receiptName
          ? [['receipt', t('payment.receiptTo'), summary.receiptName] as [string, string, string]]
          : []),
        ['fee', t('payment.fee'), formatRupees(summary.amountPaise / 100)],
      ]
    : [];
  return (
    <Modal
      open={summary !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('payment.title')}
    >
      {summary && (
        <div className="flex flex-col gap-4">
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {rows.map(([row, label, value]) => (
              <div key={row} className="flex justify-between gap-4 px-4 py-2.5 text-sm">
                <dt className="text-slate-600">{label}</dt>
                {/* A long issue reads as a paragraph; the short values line up on the right. */}
                <dd
                  className={`min-w-0 font-medium break-words text-slate-900 ${row === 'issue' ? 'text-left' : 'text-right'}`}
                >
                  {value}
                </dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 bg-slate-50 px-4 py-3">
              <dt className="font-semibold text-slate-900">{t('payment.total')}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {formatRupees(summary.amountPaise / 100)}
              </dd>
            </div>
          </dl>
          {summary.policy && (
            <section
              aria-labelledby="payment-terms-title"
              className="rounded-xl border border-slate-200 px-4 py-3 text-sm text-slate-700"
            >
              <h3 id="payment-terms-title" className="font-medium text-slate-900">
                {t('payment.termsTitle')}
              </h3>
              <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
                <li>{cancellationTermsText(t, summary.start, summary.policy, summary.timeZone)}</li>
                <li>{rescheduleTermsText(t, summary.start, summary.policy, summary.timeZone)}</li>
                <li>{t('payment.noShowTerm')}</li>
              </ul>
            </section>
          )}
          <p className="text-sm text-slate-600">
            <HeldFor until={summary.heldUntil} />
          </p>
          {/* Stays in view when a long issue makes the summary scroll (a phone). */}
          <div className={`${DIALOG_ACTIONS} flex flex-col gap-3`}>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </p>
            )}
            {closeOnly ? (
              <Button onClick={onClose} variant="secondary" className="w-full">
                {t('payment.close')}
              </Button>
            ) : (
              <Button onClick={onPay} disabled={busy} className="w-full">
                {busy
                  ? t('payment.processing')
                  : t('payment.pay', { amount: formatRupees(summary.amountPaise / 100) })}
              </Button>
            )}
            <p className="flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
              <svg
                viewBox="0 0 24 24"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <rect x="5" y="11" width="14" height="9" rx="2" />
                <path d="M8 11V8a4 4 0 0 1 8 0v3" />
              </svg>
              {t(testMode ? 'payment.secureTestMode' : 'payment.secure', {
                provider: provider ?? 'other',
              })}
            </p>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** How long the slot stays held, as of opening: 10 minutes for a new hold, less for a resumed one. */
function HeldFor({ until }: { until: Date }) {
  const t = useT();
  const [openedAt] = useState(() => Date.now());
  const minutes = Math.max(1, Math.round((until.getTime() - openedAt) / 60_000));
  return <>{t('payment.heldFor', { minutes })}</>;
}
