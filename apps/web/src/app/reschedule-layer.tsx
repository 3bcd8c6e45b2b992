import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import type { MoveTarget } from '../features/reschedule/move-target';
import { lazyWithPreload } from '../lib/lazy';
import type { RescheduleRequest } from './reschedule-flow';

/** Reschedule, the patient's answer to a move, and the time picker they use: not in the first load. */
export const RescheduleFlow = lazyWithPreload(() =>
  import('./reschedule-flow').then((module) => module.RescheduleFlow),
);
/** The Edit Event form's Reschedule section (the form itself is lazy). */
export const RescheduleSection = lazyWithPreload(() =>
  import('./reschedule-flow').then((module) => module.RescheduleSection),
);

/**
 * Opens Reschedule (issue 18) for a session, or the patient's answer to a time their psychologist
 * moved it to, and refreshes what a move changes: the calendar's events, the free times and the lists.
 */
export function useRescheduleLayer(
  role: 'patient' | 'psychologist',
  now: Date,
): {
  move: (target: MoveTarget, options?: { initialStart?: Date; cancelInstead?: () => void }) => void;
  answer: (target: MoveTarget, movedFrom: string, decision?: 'keep' | 'cancel') => void;
  layer: ReactNode;
} {
  const [open, setOpen] = useState<{ request: RescheduleRequest; cancelInstead?: () => void }>();
  // A fresh dialog for every opening, so nothing of an earlier one lingers.
  const [generation, setGeneration] = useState(0);
  const queryClient = useQueryClient();
  const show = (next: typeof open) => {
    setGeneration((value) => value + 1);
    setOpen(next);
  };
  const refresh = () =>
    Promise.all(
      ['events', 'availability', 'bookings'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
  return {
    move: (target, options = {}) =>
      show({
        request: { kind: 'move', target, initialStart: options.initialStart },
        ...(options.cancelInstead ? { cancelInstead: options.cancelInstead } : {}),
      }),
    answer: (target, movedFrom, decision) =>
      show({ request: { kind: 'answer', target, movedFrom, decision } }),
    layer: open && (
      <Suspense fallback={null}>
        <RescheduleFlow
          key={`reschedule-${generation}`}
          role={role}
          request={open.request}
          now={now}
          onCancelInstead={
            open.cancelInstead &&
            (() => {
              setOpen(undefined);
              open.cancelInstead?.();
            })
          }
          onChanged={refresh}
          onClose={() => setOpen(undefined)}
        />
      </Suspense>
    ),
  };
}
