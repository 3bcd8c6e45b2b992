import { Suspense } from 'react';
import { type BookingListItem } from '@sukoon/shared';
import { SessionWhenForViewer } from '../../components/ui/session-when';
import { lazyWithPreload } from '../../lib/lazy';

export interface RowProps {
  booking: BookingListItem;
  zoneOf: (psychologistId: string) => string;
  viewerZone: string;
}

/** When a session is, in its psychologist's zone, and in the viewer's where that differs. */
export function When({ booking, zoneOf, viewerZone }: RowProps) {
  return (
    <SessionWhenForViewer
      startDate={booking.start_time}
      endDate={booking.end_time}
      timeZone={zoneOf(booking.psychologist_id)}
      viewerZone={viewerZone}
    />
  );
}

// Receipts are read and downloaded far less than the list: their code and data come after it.
const SessionReceipts = lazyWithPreload(() =>
  import('../../components/receipt-links').then((module) => module.SessionReceipts),
);

/** A paid session's receipts (and refund notes) to download. */
export function Receipts({ booking }: { booking: BookingListItem }) {
  if (booking.payment_status === 'pending' || booking.payment_status === 'failed') return null;
  return (
    <div className="w-full empty:hidden">
      <Suspense fallback={null}>
        <SessionReceipts bookingId={booking.id} />
      </Suspense>
    </div>
  );
}
