import { useEffect, useRef } from 'react';
import { formatInr, type BookingListItem } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { Receipts, When, type RowProps } from './session-row-parts';

/** Past sessions shown at first, and added with each "Show more". */
export const PAST_PAGE = 10;

export function Canceled({ booking, zoneOf, viewerZone }: RowProps) {
  const t = useT();
  const refund = booking.refund;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="truncate font-medium text-slate-700 line-through decoration-slate-400">
          {booking.title}
        </p>
        <p className="text-sm text-slate-600">
          <When booking={booking} zoneOf={zoneOf} viewerZone={viewerZone} />
        </p>
        <p className="text-xs text-slate-500">
          {booking.canceled_by === 'patient'
            ? t('sessions.canceledByYou')
            : t('sessions.canceledBy', { name: booking.psychologist_name })}
        </p>
      </div>
      {refund && (
        <span
          className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${refund.status === 'processed' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {refund.status !== 'processed'
            ? t('sessions.refundPending', { amount: formatInr(refund.amount) })
            : booking.payment_status === 'partially_refunded'
              ? // A late cancellation: the policy it was booked under refunds only part of the fee.
                t('sessions.partlyRefunded', {
                  refund: formatInr(refund.amount),
                  paid: formatInr(booking.paid_paise ?? Math.round(booking.price * 100)),
                })
              : t('sessions.refunded', { amount: formatInr(refund.amount) })}
        </span>
      )}
      <Receipts booking={booking} />
    </li>
  );
}

/**
 * The sessions that have ended, right under the toggle that opens them, `shown` of them. "Show more"
 * takes focus to the first of the sessions it adds (it goes itself once all are shown).
 */
export function PastSessions({
  id,
  past,
  shown,
  onShowMore,
  zoneOf,
  viewerZone,
}: Omit<RowProps, 'booking'> & {
  id: string;
  past: BookingListItem[];
  shown: number;
  onShowMore: () => void;
}) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  // The first session "Show more" adds, focused once it is drawn.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [shown]);
  return (
    <div id={id} hidden={shown === 0} className="mt-3">
      <p id={`${id}-label`} className="mb-2 text-sm font-medium text-slate-700">
        {t('sessions.past', { count: past.length })}
      </p>
      <ul
        ref={list}
        aria-labelledby={`${id}-label`}
        className="grid grid-cols-1 gap-2 lg:grid-cols-2"
      >
        {past.slice(0, shown).map((booking) => (
          <Past key={booking.id} booking={booking} zoneOf={zoneOf} viewerZone={viewerZone} />
        ))}
      </ul>
      {shown < past.length && (
        <Button
          variant="secondary"
          className="mt-2"
          onClick={() => {
            focusFrom.current = shown;
            onShowMore();
          }}
        >
          {t('sessions.showMorePast', { count: Math.min(PAST_PAGE, past.length - shown) })}
        </Button>
      )}
    </div>
  );
}

/** A session that has ended: when, with whom, and its receipts (and any refund note) to download. */
function Past({ booking, zoneOf, viewerZone }: RowProps) {
  const t = useT();
  return (
    <li
      // Focused when "Show more" adds it.
      tabIndex={-1}
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-slate-200 p-3 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <div className="min-w-0 flex-1 basis-52">
        <p className="truncate font-medium text-slate-900">{booking.title}</p>
        <p className="text-sm text-slate-700">
          <When booking={booking} zoneOf={zoneOf} viewerZone={viewerZone} />
        </p>
        <p className="truncate text-xs text-slate-500">
          {t('sessions.with', { name: booking.psychologist_name })}
        </p>
      </div>
      <Receipts booking={booking} />
    </li>
  );
}
