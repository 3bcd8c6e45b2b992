import { Suspense, useEffect } from 'react';
import {
  missingProfileParts,
  PROFILE_PART_LABELS,
  type CalendarEvent,
  type User,
} from '@sukoon/shared';
import { Button } from '../components/ui/button';
import type { FormExtraContext } from '../features/booking/event-form-dialog';
import { AttendanceForm } from '../features/attendance/lazy-attendance-form';
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
          <ErrorBoundary region="the session’s history">
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
        <ProfilePrompt missing={missing} onOpen={() => onProfileOpenChange(true)} />
      )}
      <ErrorBoundary region="the calendar">
        <Calendar
          role="psychologist"
          psychologistId={user.id}
          banner={attendance?.banner}
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

/** A new psychologist's profile lacks what patients choose by: say what, and open the form. */
function ProfilePrompt({
  missing,
  onOpen,
}: {
  missing: ReturnType<typeof missingProfileParts>;
  onOpen: () => void;
}) {
  const parts = missing.map((part) => PROFILE_PART_LABELS[part]);
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
  return (
    <section
      aria-labelledby="profile-prompt-title"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <h2 id="profile-prompt-title" className="font-semibold text-amber-950">
          Complete your profile
        </h2>
        <p className="text-sm text-amber-900">
          Patients choose a psychologist by what they read about them. Add {list}.
        </p>
      </div>
      <Button onClick={onOpen}>Complete profile</Button>
    </section>
  );
}
