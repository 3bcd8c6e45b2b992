import { lazy, type ReactNode } from 'react';
import type { User } from '@sukoon/shared';
import { useDialogLayer } from './dialog-layer';

// Loaded when a patient opens it from the account menu: no part of the first load.
const YourDetailsDialog = lazy(() =>
  import('../features/account/your-details-dialog').then((module) => ({
    default: module.YourDetailsDialog,
  })),
);

/** A patient's Profile in the avatar menu: the name printed on their receipts. */
export function useYourDetailsLayer(user: User | null): { open: () => void; layer: ReactNode } {
  return useDialogLayer(
    'app.region.yourDetails',
    (close) => user && <YourDetailsDialog user={user} onClose={close} />,
  );
}
