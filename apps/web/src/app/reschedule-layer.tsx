import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithPreload } from '../lib/lazy';
import type { MoveSource, RescheduleRequest } from './reschedule-flow';

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
  move: (source: MoveSource, options?: { initialStart?: Date; cancelInstead?: () => void }) => void;
  answer: (source: MoveSource, decision?: 'keep' | 'cancel') => void;
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
    move: (source, options = {}) =>
      show({
        request: { kind: 'move', source, initialStart: options.initialStart },
        ...(options.cancelInstead ? { cancelInstead: options.cancelInstead } : {}),
      }),
    answer: (source, decision) => show({ request: { kind: 'answer', source, decision } }),
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
