import { Suspense, useEffect } from 'react';
import { missingProfileParts, type CalendarEvent, type User } from '@sukoon/shared';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import { AttendanceForm } from '../features/attendance/lazy-attendance-form';
import { AttendanceBannerFrame } from '../features/attendance/attendance-frame';
import { Calendar } from '../features/calendar/calendar';
import { deviceTimeZone } from '../lib/dates';
import { lazyWithPreload, preloadWhenIdle } from '../lib/lazy';
import { useNow } from '../lib/use-now';
import { useAttendanceLayer } from './attendance-layer';
import { useCalendarActions } from './calendar-actions';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

// Opened from the account menu and the Edit Event form: fetched once the dashboard is idle.
const ProfileDialog = lazyWithPreload(() =>
  import('../features/profile/profile-dialog').then((module) => module.ProfileDialog),
);
// Shown only until the profile is complete: not part of the dashboard's first load.
const ProfilePrompt = lazyWithPreload(() =>
  import('../features/profile/profile-prompt').then((module) => module.ProfilePrompt),
);
const SessionHistory = lazyWithPreload(() =>
  import('../features/session-history/session-history').then((module) => module.SessionHistory),
);

interface PsychologistAreaProps {
  user: User;
  /** The profile form's open state: the avatar menu's Profile item opens it. */
  profileOpen: boolean;
  onProfileOpenChange: (open: boolean) => void;
}

/** The psychologist's dashboard: their own calendar with attendance around it. */
export function PsychologistArea({
  user,
  profileOpen,
  onProfileOpenChange,
}: PsychologistAreaProps) {
  const now = useNow();
  const owner = usePsychologistRecord(user.id);
  const attendance = useAttendanceLayer(user.id, now);
  const ownerZone = owner.data?.timeZone ?? deviceTimeZone();
  // The Edit Event form: Patient Attendance, then the session's History.
  const editExtra = attendance
    ? (event: CalendarEvent, context: FormExtraContext) => (
        <>
          {attendance.editExtra(event, context)}
          <ErrorBoundary region="app.region.sessionHistory">
            <Suspense fallback={null}>
              <SessionHistory bookingId={event.id} timeZone={ownerZone} />
            </Suspense>
          </ErrorBoundary>
        </>
      )
    : undefined;
  const actions = useCalendarActions('psychologist', user.id, ownerZone, now, editExtra);
  useEffect(
    () => preloadWhenIdle(AttendanceForm.preload, ProfileDialog.preload, SessionHistory.preload),
    [],
  );

  const missing = owner.data ? missingProfileParts(owner.data) : [];

  return (
    <>
      {missing.length > 0 && (
        <Suspense fallback={null}>
          <ProfilePrompt missing={missing} onOpen={() => onProfileOpenChange(true)} />
        </Suspense>
      )}
      <ErrorBoundary region="app.region.calendar">
        <Calendar
          role="psychologist"
          psychologistId={user.id}
          // Until the psychologist's record is in, the banner as the prerendered frame draws it.
          banner={attendance?.banner ?? <AttendanceBannerFrame />}
          belowWeek={attendance?.belowWeek}
          {...actions.calendarProps}
        />
      </ErrorBoundary>
      {attendance?.box}
      {actions.layers}
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog psychologistId={user.id} open onOpenChange={onProfileOpenChange} />
        </Suspense>
      )}
    </>
  );
}
