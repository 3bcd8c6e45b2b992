import { lazyWithPreload } from '../../lib/lazy';

/**
 * Present / Absent with notes: shown once someone opens a session's 'Mark attendance', so it is not
 * part of the dashboard's first load (psychologist-area.tsx fetches it when the page is idle).
 */
export const AttendanceForm = lazyWithPreload(() =>
  import('./attendance-form').then((module) => module.AttendanceForm),
);
