import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { User } from '@sukoon/shared';
import { ErrorBoundary } from './error-boundary';

// Loaded when a patient opens it from the account menu: no part of the first load.
const YourDetailsDialog = lazy(() =>
  import('../features/account/your-details-dialog').then((module) => ({
    default: module.YourDetailsDialog,
  })),
);

/** A patient's Profile in the avatar menu: the name printed on their receipts. */
export function useYourDetailsLayer(user: User | null): { open: () => void; layer: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    layer:
      user && open ? (
        <ErrorBoundary region="your details">
          <Suspense fallback={null}>
            <YourDetailsDialog user={user} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      ) : null,
  };
}
