import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { User } from '@sukoon/shared';
import { ErrorBoundary } from './error-boundary';

// Loaded when someone opens it from the account menu: no part of the first load.
const CalendarFeedDialog = lazy(() =>
  import('../features/calendar-feed/calendar-feed-dialog').then((module) => ({
    default: module.CalendarFeedDialog,
  })),
);

/** The avatar menu's Calendar feed opens the dialog, for either role. */
export function useCalendarFeedLayer(user: User | null): { open: () => void; layer: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    layer:
      user && open ? (
        <ErrorBoundary region="calendar feed">
          <Suspense fallback={null}>
            <CalendarFeedDialog role={user.role} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      ) : null,
  };
}
