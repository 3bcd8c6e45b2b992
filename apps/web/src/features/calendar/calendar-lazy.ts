import { lazyWithPreload } from '../../lib/lazy';

// The week view is the first load; the month view and the duration dialog are fetched once the
// week has rendered (or as soon as someone points at the Month tab).
export const MonthView = lazyWithPreload(() =>
  import('./month-view').then((module) => module.MonthView),
);
export const DurationDialog = lazyWithPreload(() =>
  import('./duration-dialog').then((module) => module.DurationDialog),
);
export const BookedSessionsWarning = lazyWithPreload(() =>
  import('./booked-sessions-warning').then((module) => module.BookedSessionsWarning),
);
// What the cells' colours mean, for patients: the psychologist's first load does without it.
export const Legend = lazyWithPreload(() =>
  import('./calendar-legend').then((module) => module.Legend),
);
