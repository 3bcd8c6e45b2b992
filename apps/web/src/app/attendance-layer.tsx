import type { ReactNode } from 'react';
import { localDateOf, type CalendarEvent } from '@sukoon/shared';
import type { CalendarProps } from '../features/calendar/calendar';
import { useSessionWindow } from '../features/attendance/attendance-api';
import { AttendanceBox } from '../features/attendance/attendance-box';
import { PatientAttendanceSection } from '../features/attendance/patient-attendance-section';
import { todaysSessions } from '../features/attendance/session-lists';
import { AttendanceTip, TodayAttendance } from '../features/attendance/today-attendance';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import { WeekSessions } from '../features/attendance/week-sessions';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

export interface AttendanceLayer {
  /** Above the calendar: Today's Attendance and the tip. */
  banner: ReactNode;
  /** Under the week grid: the week's sessions with attendance and meeting links. */
  belowWeek: CalendarProps['belowWeek'];
  /** The floating attendance box. */
  box: ReactNode;
  /** The Edit Event form's Patient Attendance section; it reports notes not saved yet to the form. */
  editExtra: (event: CalendarEvent, context: FormExtraContext) => ReactNode;
}

/**
 * Wires the attendance feature around a psychologist's calendar: one /api/events query for the
 * window (last 4 weeks, next 2) feeds Today's Attendance and the box; the calendar hands over its
 * displayed week for the list under the grid.
 */
export function useAttendanceLayer(
  psychologistId: string | null,
  now: Date,
): AttendanceLayer | null {
  const psychologist = usePsychologistRecord(psychologistId);
  const timeZone = psychologist.data?.timeZone ?? 'UTC';
  const today = localDateOf(now, timeZone);
  const sessions = useSessionWindow(today, timeZone, psychologist.data !== undefined);

  if (!psychologist.data) return null;
  const events = sessions.data ?? [];
  const loading = sessions.isPending;
  // A failed load is said as such (with a way to try again), never shown as "nothing to do".
  const failure = {
    error: sessions.isError ? sessions.error.message : null,
    onRetry: () => void sessions.refetch(),
    retrying: sessions.isError && sessions.isFetching,
  };
  return {
    banner: (
      <ErrorBoundary region="today’s attendance">
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <TodayAttendance
            sessions={todaysSessions(events, now, timeZone)}
            now={now}
            timeZone={timeZone}
            loading={loading}
            loaded={sessions.data !== undefined}
            {...failure}
          />
          <AttendanceTip />
        </div>
      </ErrorBoundary>
    ),
    belowWeek: (week) => (
      <ErrorBoundary region="this week’s sessions">
        <WeekSessions {...week} />
      </ErrorBoundary>
    ),
    box: (
      <ErrorBoundary region="the attendance box">
        <AttendanceBox
          events={events}
          now={now}
          timeZone={timeZone}
          loading={loading}
          {...failure}
        />
      </ErrorBoundary>
    ),
    editExtra: (event, { onUnsavedChange }) => (
      <PatientAttendanceSection
        event={event}
        now={now}
        timeZone={timeZone}
        onUnsavedChange={onUnsavedChange}
      />
    ),
  };
}
