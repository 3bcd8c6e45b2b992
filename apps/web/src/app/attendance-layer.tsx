import { Suspense, useEffect, type ReactNode } from 'react';
import { localDateOf, type CalendarEvent } from '@sukoon/shared';
import type { CalendarProps } from '../features/calendar/calendar';
import { useSessionWindow } from '../features/attendance/attendance-api';
import { todaysSessions } from '../features/attendance/session-lists';
import { AttendanceBanner } from '../features/attendance/attendance-frame';
import { TodayAttendance } from '../features/attendance/today-attendance';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import { lazyWithPreload, preloadWhenIdle } from '../lib/lazy';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

// Under the week grid, below the calendar (collapsed at first) and inside the (lazy) Edit Event
// form: none is part of the dashboard's first load; all are fetched once the dashboard is idle.
const AttendanceBox = lazyWithPreload(() =>
  import('../features/attendance/attendance-box').then((module) => module.AttendanceBox),
);
const WeekSessions = lazyWithPreload(() =>
  import('../features/attendance/week-sessions').then((module) => module.WeekSessions),
);
const PatientAttendanceSection = lazyWithPreload(() =>
  import('../features/attendance/patient-attendance-section').then(
    (module) => module.PatientAttendanceSection,
  ),
);

export interface AttendanceLayer {
  /** Above the calendar: Today's Attendance and the tip. */
  banner: ReactNode;
  /** Under the week grid: the week's sessions with attendance and meeting links. */
  belowWeek: CalendarProps['belowWeek'];
  /** The attendance box, under the calendar. */
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
  useEffect(
    () =>
      preloadWhenIdle(
        WeekSessions.preload,
        AttendanceBox.preload,
        PatientAttendanceSection.preload,
      ),
    [],
  );

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
      <ErrorBoundary region="app.region.todaysAttendance">
        <AttendanceBanner
          today={
            <TodayAttendance
              sessions={todaysSessions(events, now, timeZone)}
              now={now}
              timeZone={timeZone}
              loading={loading}
              loaded={sessions.data !== undefined}
              {...failure}
            />
          }
        />
      </ErrorBoundary>
    ),
    belowWeek: (week) => (
      <ErrorBoundary region="app.region.weekSessions">
        <Suspense fallback={null}>
          <WeekSessions {...week} />
        </Suspense>
      </ErrorBoundary>
    ),
    box: (
      <ErrorBoundary region="app.region.attendanceBox">
        <Suspense fallback={null}>
          <AttendanceBox
            events={events}
            now={now}
            timeZone={timeZone}
            loading={loading}
            {...failure}
          />
        </Suspense>
      </ErrorBoundary>
    ),
    editExtra: (event, { onUnsavedChange }) => (
      <Suspense fallback={null}>
        <PatientAttendanceSection
          event={event}
          now={now}
          timeZone={timeZone}
          onUnsavedChange={onUnsavedChange}
        />
      </Suspense>
    ),
  };
}
