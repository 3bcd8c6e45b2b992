import { useCallback, useState } from 'react';
import type { BookingListItem, CreateOrderData, User } from '@sukoon/shared';
import { Calendar } from '../features/calendar/calendar';
import { targetFromBooking, type CancelTarget } from '../features/cancellation/cancel-api';
import { YourSessions } from '../features/patient-sessions/your-sessions';
import {
  PsychologistChooser,
  usePsychologists,
} from '../features/psychologists/psychologist-chooser';
import { deviceTimeZone } from '../lib/dates';
import { readEntryParams } from '../lib/entry-params';
import { useNow } from '../lib/use-now';
import { useCalendarActions } from './calendar-actions';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

/** Keeps the chosen psychologist in the address bar, so a reload or a shared link opens the same one. */
function rememberPsychologist(id: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('psychologistId', id);
  window.history.replaceState(window.history.state, '', url);
}

/** The patient's dashboard: their sessions, and the calendar of the psychologist they chose. */
export function PatientArea({ user }: { user: User }) {
  const [psychologistId, setPsychologistId] = useState<string | null>(
    () => readEntryParams(window.location.search).psychologistId,
  );
  const choose = useCallback((id: string) => {
    setPsychologistId(id);
    rememberPsychologist(id);
  }, []);
  const now = useNow();
  const owner = usePsychologistRecord(psychologistId);
  const ownerZone = owner.data?.timeZone ?? deviceTimeZone();
  const actions = useCalendarActions('patient', psychologistId, ownerZone, now);

  const chooser = <PsychologistChooser selectedId={psychologistId} onSelect={choose} />;
  return (
    <div className="flex flex-col gap-4">
      <ErrorBoundary region="your sessions">
        <YourSessionsArea
          userId={user.id}
          now={now}
          onCancel={actions.openCancel}
          onResumePayment={actions.resumePayment}
        />
      </ErrorBoundary>
      <ErrorBoundary region="the calendar">
        {psychologistId ? (
          <Calendar
            role="patient"
            psychologistId={psychologistId}
            banner={chooser}
            {...actions.calendarProps}
          />
        ) : (
          chooser
        )}
      </ErrorBoundary>
      {actions.layers}
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
  onResumePayment,
}: {
  userId: string;
  now: Date;
  onCancel: (target: CancelTarget) => void;
  onResumePayment: (order: CreateOrderData, hold: BookingListItem) => void;
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
      onResumePayment={onResumePayment}
    />
  );
}
