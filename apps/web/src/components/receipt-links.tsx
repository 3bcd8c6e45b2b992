import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  RECEIPT_LIST_LIMIT,
  receiptPath,
  type DocumentKind,
  type ReceiptSummary,
} from '@sukoon/shared';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/i18n';
import { api } from '../lib/api-client';
import { downloadSignedIn } from '../lib/download';

/** Each kind of document as its link names it, and as the link's accessible name says it. */
const KIND: Record<DocumentKind, { label: MessageKey; download: MessageKey }> = {
  receipt: { label: 'sessionLinks.receipt', download: 'sessionLinks.downloadReceipt' },
  refund_note: { label: 'sessionLinks.refundNote', download: 'sessionLinks.downloadRefundNote' },
  penalty_receipt: {
    label: 'sessionLinks.penaltyReceipt',
    download: 'sessionLinks.downloadPenaltyReceipt',
  },
};

/**
 * A session's receipts and refund notes, each a button that downloads its PDF. Loaded lazily by the
 * patient's Your sessions and the psychologist's session history, never in a first load.
 */
export function ReceiptLinks({ receipts }: { receipts: ReceiptSummary[] }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function download(receipt: ReceiptSummary) {
    setBusy(receipt.id);
    setError(null);
    try {
      await downloadSignedIn(receiptPath(receipt.id), `${receipt.number.replaceAll('/', '-')}.pdf`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={t('sessionLinks.receipts')}>
        {receipts.map((receipt) => (
          <li key={receipt.id}>
            <button
              type="button"
              className="min-h-8 rounded text-left text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:text-slate-400"
              disabled={busy === receipt.id}
              aria-label={t(KIND[receipt.kind].download, { number: receipt.number })}
              onClick={() => void download(receipt)}
            >
              {t(KIND[receipt.kind].label, { number: receipt.number })}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The receipts of one of the patient's sessions, from one request for all of theirs (cached under
 * ['events'], so a payment or a cancellation reloads it). That answer holds the newest
 * RECEIPT_LIST_LIMIT documents: a full one may have left out an old session's, which are then asked
 * for by that session alone.
 */
export function SessionReceipts({ bookingId }: { bookingId: string }) {
  const mine = useQuery({
    queryKey: ['events', 'receipts', 'mine'],
    queryFn: ({ signal }) => api<ReceiptSummary[]>('GET', '/api/receipts', { signal }),
  });
  const listed = (mine.data ?? []).filter((receipt) => receipt.booking_id === bookingId);
  const older = useQuery({
    queryKey: ['events', 'receipts', bookingId],
    queryFn: ({ signal }) =>
      api<ReceiptSummary[]>('GET', '/api/receipts', { query: { booking_id: bookingId }, signal }),
    enabled: listed.length === 0 && (mine.data?.length ?? 0) >= RECEIPT_LIST_LIMIT,
  });
  const receipts = (listed.length > 0 ? listed : (older.data ?? [])).sort((a, b) =>
    a.issued_at.localeCompare(b.issued_at),
  );
  return receipts.length > 0 ? <ReceiptLinks receipts={receipts} /> : null;
}

/** The receipts of one session, for its psychologist (and their cancellation fee receipt). */
export function BookingReceipts({ bookingId }: { bookingId: string }) {
  const t = useT();
  const receipts = useQuery({
    queryKey: ['events', 'receipts', bookingId],
    queryFn: ({ signal }) =>
      api<ReceiptSummary[]>('GET', '/api/receipts', { query: { booking_id: bookingId }, signal }),
    staleTime: 0,
  });
  if (!receipts.data || receipts.data.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2">
      <p className="mb-1 text-xs font-medium text-slate-700">{t('sessionLinks.receipts')}</p>
      <ReceiptLinks receipts={receipts.data} />
    </div>
  );
}
