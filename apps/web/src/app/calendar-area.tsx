import { useCallback, useState } from 'react';
import { canCancelSession, type CalendarEvent, type Role, type User } from '@sukoon/shared';
import { Calendar } from '../features/calendar/calendar';
import {
  targetFromBooking,
  targetFromEvent,
  type CancelTarget,
} from '../features/cancellation/cancel-api';
import { YourSessions } from '../features/patient-sessions/your-sessions';
import { ProfileDialog } from '../features/profile/profile-dialog';
import {
  PsychologistChooser,
  usePsychologists,
} from '../features/psychologists/psychologist-chooser';
import { deviceTimeZone } from '../lib/dates';
import { readEntryParams } from '../lib/entry-params';
import { useNow } from '../lib/use-now';
import { useAttendanceLayer } from './attendance-layer';
import { useBookingLayer } from './booking-layer';
import { useCancelLayer } from './cancel-layer';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

interface CalendarAreaProps {
  role: Role;
  /** The signed-in user of this dashboard's role, or null when signed out. */
  user: User | null;
  /** The profile form's open state: the avatar menu's Profile item opens it. */
  profileOpen: boolean;
  onProfileOpenChange: (open: boolean) => void;
}

/** Keeps the chosen psychologist in the address bar, so a reload or a shared link opens the same one. */
function rememberPsychologist(id: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('psychologistId', id);
  window.history.replaceState(window.history.state, '', url);
}

/** The dashboard's calendar: a psychologist's own, or the one a patient chose. */
export function CalendarArea({ role, user, profileOpen, onProfileOpenChange }: CalendarAreaProps) {
  const [psychologistId, setPsychologistId] = useState<string | null>(
    () => readEntryParams(window.location.search).psychologistId,
  );
  const choose = useCallback((id: string) => {
    setPsychologistId(id);
    rememberPsychologist(id);
  }, []);
  const now = useNow();
  const calendarOwner = role === 'psychologist' ? (user?.id ?? null) : psychologistId;
  const owner = usePsychologistRecord(calendarOwner);
  const attendance = useAttendanceLayer(role === 'psychologist' ? calendarOwner : null, now);
  const booking = useBookingLayer(role, calendarOwner, attendance?.editExtra);
  const cancel = useCancelLayer(role, now);
  const ownerZone = owner.data?.timeZone ?? deviceTimeZone();
  const deleteProps = {
    onDeleteEvent: (event: CalendarEvent) => cancel.open(targetFromEvent(event, role, ownerZone)),
    // 'Delete Event' only on a session that can still be canceled (booked, not started).
    canDeleteEvent: (event: CalendarEvent) => canCancelSession(event, now),
  };

  if (!user) {
    return (
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        <h2 className="text-lg font-semibold text-slate-800">Your week</h2>
        <p className="mt-2 text-sm">Sign in to see your sessions and availability.</p>
      </section>
    );
  }

  if (role === 'psychologist') {
    return (
      <>
        <ErrorBoundary region="the calendar">
          <Calendar
            role="psychologist"
            psychologistId={user.id}
            banner={attendance?.banner}
            belowWeek={attendance?.belowWeek}
            {...deleteProps}
            {...booking.calendarProps}
          />
        </ErrorBoundary>
        {attendance?.box}
        {booking.layer}
        {cancel.layer}
        <ProfileDialog
          psychologistId={user.id}
          open={profileOpen}
          onOpenChange={onProfileOpenChange}
        />
      </>
    );
  }

  const chooser = <PsychologistChooser selectedId={psychologistId} onSelect={choose} />;
  return (
    <div className="flex flex-col gap-4">
      <ErrorBoundary region="your sessions">
        <YourSessionsArea userId={user.id} now={now} onCancel={cancel.open} />
      </ErrorBoundary>
      <ErrorBoundary region="the calendar">
        {psychologistId ? (
          <>
            <Calendar
              role="patient"
              psychologistId={psychologistId}
              banner={chooser}
              {...deleteProps}
              {...booking.calendarProps}
            />
            {booking.layer}
          </>
        ) : (
          chooser
        )}
      </ErrorBoundary>
      {cancel.layer}
    </div>
  );
}

/**
 * The patient's sessions with every psychologist, each in that psychologist's zone (as the calendar
 * and the cancel dialog show it), from the list the psychologist chooser also reads.
 */
function YourSessionsArea({
  userId,
  now,
  onCancel,
}: {
  userId: string;
  now: Date;
  onCancel: (target: CancelTarget) => void;
}) {
  const psychologists = usePsychologists();
  const viewerZone = deviceTimeZone();
  const zoneOf = (id: string) =>
    psychologists.data?.find((psychologist) => psychologist.id === id)?.timeZone ?? viewerZone;
  return (
    <YourSessions
      userId={userId}
      now={now}
      zoneOf={zoneOf}
      viewerZone={viewerZone}
      onCancel={(item) => onCancel(targetFromBooking(item, zoneOf(item.psychologist_id)))}
    />
  );
}
