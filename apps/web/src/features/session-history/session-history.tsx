import { Suspense, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { formatInZone } from '../../lib/dates';
import { lazyWithPreload } from '../../lib/lazy';
import { useSessionHistory } from './history-api';
import { describeHistoryEvent } from './history-format';
import { SkeletonList } from '../../components/ui/skeleton';

// Fetched when the history is opened, so the dashboard's first load does not name its chunk.
const BookingReceipts = lazyWithPreload(() =>
  import('../../components/receipt-links').then((module) => module.BookingReceipts),
);

interface SessionHistoryProps {
  bookingId: string;
  /** The psychologist's zone, as the rest of the Edit Event form shows times. */
  timeZone: string;
}

/**
 * The Edit Event form's History: who created, paid for, set the link of, marked, canceled and
 * refunded the session, oldest first, and its receipts and refund notes to download. Folded by
 * default; the audit log and the receipts are read only when opened.
 */
export function SessionHistory({ bookingId, timeZone }: SessionHistoryProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const history = useSessionHistory(bookingId, open);
  const headingId = useId();
  const bodyId = useId();
  const lines = history.data?.map((event) => describeHistoryEvent(event, timeZone, t)) ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((shown) => !shown)}
          className="-mx-1 flex w-[calc(100%+0.5rem)] items-center justify-between gap-2 rounded-md px-1 py-0.5 text-left focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('history.title')}
          <span aria-hidden="true" className="text-xs font-medium text-slate-500">
            {open ? `▴ ${t('history.hide')}` : `▾ ${t('history.show')}`}
          </span>
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className="mt-2">
        {history.isPending ? (
          <SkeletonList label={t('history.loading')} rows={2} />
        ) : history.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            <span>{history.error.message}</span>
            <Button
              variant="secondary"
              className="min-h-8 px-3 py-1"
              onClick={() => void history.refetch()}
            >
              {t('history.tryAgain')}
            </Button>
          </div>
        ) : lines.length === 0 ? (
          <p className="text-sm text-slate-600">{t('history.empty')}</p>
        ) : (
          <ol className="relative flex flex-col gap-2 border-l border-slate-200 pl-4">
            {lines.map((line) => (
              <li key={line.id} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-brand-600 ring-2 ring-white"
                />
                <p className="text-sm text-slate-900">{line.text}</p>
                <p className="text-xs wrap-anywhere text-slate-600">
                  <time dateTime={line.at.toISOString()} className="whitespace-nowrap">
                    {formatInZone(line.at, timeZone, {
                      month: 'short',
                      day: 'numeric',
                      hour: 'numeric',
                      minute: '2-digit',
                    })}
                  </time>
                  {line.detail && ` · ${line.detail}`}
                </p>
              </li>
            ))}
          </ol>
        )}
        {open && (
          <Suspense fallback={null}>
            <BookingReceipts bookingId={bookingId} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
