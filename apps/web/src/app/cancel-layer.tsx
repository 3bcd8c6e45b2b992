import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CheckoutSuccess } from '@sukoon/shared';
import type { CancelTarget } from '../features/cancellation/cancel-api';
import { verifyPayment } from '../features/payments/payments-api';
import { lazyWithPreload } from '../lib/lazy';
import { loadCheckout, openCheckout } from './checkout';

/** Cancel Appointment: not part of the first load. */
export const CancelAppointmentDialog = lazyWithPreload(() =>
  import('../features/cancellation/cancel-appointment-dialog').then(
    (module) => module.CancelAppointmentDialog,
  ),
);

/**
 * Wires Cancel Appointment to the payments feature's checkout (the psychologist's 100 INR fee) and
 * refreshes what a cancellation changes: the calendar's events, the free slots and the bookings lists.
 */
export function useCancelLayer(
  role: 'patient' | 'psychologist',
  now: Date,
): { open: (target: CancelTarget) => void; layer: ReactNode } {
  const [target, setTarget] = useState<CancelTarget | null>(null);
  // A fresh dialog for every opening, so nothing of an earlier one lingers.
  const [generation, setGeneration] = useState(0);
  // Fees paid whose cancellation the server has not confirmed yet, by booking: reopening Cancel
  // Appointment for that session confirms the same payment instead of charging a second fee.
  const [paidPenalties, setPaidPenalties] = useState<Record<string, CheckoutSuccess>>({});
  const queryClient = useQueryClient();
  // A psychologist canceling a patient's session pays a fee: fetch the checkout with the dialog.
  const canceling = target !== null && role === 'psychologist';
  useEffect(() => {
    if (canceling) void loadCheckout().catch(() => undefined);
  }, [canceling]);

  const refresh = () =>
    Promise.all(
      ['events', 'availability', 'bookings'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );

  return {
    open: (next) => {
      setGeneration((value) => value + 1);
      setTarget(next);
    },
    layer: target && (
      // Mounted only while open: closing unmounts it, and focus returns to where it was.
      <Suspense fallback={null}>
        <CancelAppointmentDialog
          // Namespaced: rendered beside the booking layer, whose counter would otherwise collide.
          key={`cancel-${generation}`}
          role={role}
          target={target}
          now={now}
          checkout={{ open: openCheckout, verify: verifyPayment }}
          paidPenalty={target ? (paidPenalties[target.id] ?? null) : null}
          onPaidPenaltyChange={(result) => {
            if (!target) return;
            const bookingId = target.id;
            setPaidPenalties(({ [bookingId]: _settled, ...others }) =>
              result ? { ...others, [bookingId]: result } : others,
            );
          }}
          onChanged={refresh}
          onClose={() => setTarget(null)}
        />
      </Suspense>
    ),
  };
}
