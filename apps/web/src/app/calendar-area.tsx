import { useCallback, useState } from 'react';
import type { Role, User } from '@sukoon/shared';
import { Calendar } from '../features/calendar/calendar';
import { ProfileDialog } from '../features/profile/profile-dialog';
import { PsychologistChooser } from '../features/psychologists/psychologist-chooser';
import { readEntryParams } from '../lib/entry-params';
import { useBookingLayer } from './booking-layer';
import { ErrorBoundary } from './error-boundary';

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
  const booking = useBookingLayer(
    role,
    role === 'psychologist' ? (user?.id ?? null) : psychologistId,
  );

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
        <Calendar role="psychologist" psychologistId={user.id} {...booking.calendarProps} />
        {booking.layer}
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
    <ErrorBoundary region="the calendar">
      {psychologistId ? (
        <>
          <Calendar
            role="patient"
            psychologistId={psychologistId}
            banner={chooser}
            {...booking.calendarProps}
          />
          {booking.layer}
        </>
      ) : (
        chooser
      )}
    </ErrorBoundary>
  );
}
