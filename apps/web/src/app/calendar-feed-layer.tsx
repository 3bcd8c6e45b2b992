import { lazy, type ReactNode } from 'react';
import type { User } from '@sukoon/shared';
import { useDialogLayer } from './dialog-layer';

// Loaded when someone opens it from the account menu: no part of the first load.
const CalendarFeedDialog = lazy(() =>
  import('../features/calendar-feed/calendar-feed-dialog').then((module) => ({
    default: module.CalendarFeedDialog,
  })),
);

/** The avatar menu's Calendar feed opens the dialog, for either role. */
export function useCalendarFeedLayer(user: User | null): { open: () => void; layer: ReactNode } {
  return useDialogLayer(
    'app.region.calendarFeed',
    (close) => user && <CalendarFeedDialog role={user.role} onClose={close} />,
  );
}
