import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CancelTarget } from '../features/cancellation/cancel-api';
import { CancelAppointmentDialog } from '../features/cancellation/cancel-appointment-dialog';
import { openCheckout } from '../features/payments/open-checkout';
import { verifyPayment } from '../features/payments/payments-api';

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
  const queryClient = useQueryClient();

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
    layer: (
      <CancelAppointmentDialog
        // Namespaced: rendered beside the booking layer, whose counter would otherwise collide.
        key={`cancel-${generation}`}
        role={role}
        target={target}
        now={now}
        checkout={{ open: openCheckout, verify: verifyPayment }}
        onChanged={refresh}
        onClose={() => setTarget(null)}
      />
    ),
  };
}
