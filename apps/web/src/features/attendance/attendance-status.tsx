import { isPendingAttendance, type CalendarEvent } from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';

/**
 * What a session's attendance reads as: Present, Absent or Scheduled, or Not marked while it is
 * pending by the shared rule (started, booked, nothing marked yet).
 */
export function attendanceLabel(t: Translate, event: CalendarEvent, now: Date): string {
  return isPendingAttendance(event, now)
    ? t('attendance.notMarked')
    : t('attendance.status', { status: event.attendanceStatus });
}

const TONE = {
  attended: 'bg-green-100 text-green-800',
  canceled: 'bg-red-100 text-red-800',
  scheduled: 'bg-slate-100 text-slate-700',
} as const;
const ICON = { attended: '✓', canceled: '✗', scheduled: null } as const;

/** The status as a badge: the tick or cross always comes with its word, never colour alone. */
export function AttendanceStatus({ event, now }: { event: CalendarEvent; now: Date }) {
  const t = useT();
  const icon = ICON[event.attendanceStatus];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[event.attendanceStatus]}`}
    >
      {icon && <span aria-hidden="true">{icon}</span>}
      {attendanceLabel(t, event, now)}
    </span>
  );
}
