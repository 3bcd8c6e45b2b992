import { Suspense, useCallback, useEffect, useState } from 'react';
import type { BookingListItem, CreateOrderData, User } from '@sukoon/shared';
import { targetFromBooking, type CancelTarget } from '../features/cancellation/cancel-api';
import { YourSessions } from '../features/patient-sessions/your-sessions';
import { TimePicker } from '../features/time-picker/time-picker';
import {
  PsychologistChooser,
  usePsychologists,
} from '../features/psychologists/psychologist-chooser';
import { deviceTimeZone } from '../lib/dates';
import { readEntryParams } from '../lib/entry-params';
import { lazyWithPreload, preloadWhenIdle } from '../lib/lazy';
import { useNow } from '../lib/use-now';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/i18n';
import { useCalendarActions } from './calendar-actions';
import { SkeletonList } from '../components/ui/skeleton';
import { ErrorBoundary } from './error-boundary';
import { usePsychologistRecord } from './psychologist-query';

/** Keeps a choice in the address bar, so a reload or a shared link opens the same psychologist and view. */
function remember(name: 'psychologistId' | 'view', value: string | null) {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, '', url);
}

type PatientView = 'times' | 'calendar';

/** The week and month grid: patients open on the time picker, so it is fetched when idle. */
const Calendar = lazyWithPreload(() =>
  import('../features/calendar/calendar').then((module) => module.Calendar),
);

/** The time picker first (issue 17); the specification's week and month grid one tap away. */
function ViewSwitch({
  value,
  onChange,
}: {
  value: PatientView;
  onChange: (view: PatientView) => void;
}) {
  const t = useT();
  const options: { view: PatientView; label: MessageKey }[] = [
    { view: 'times', label: 'patientArea.view.times' },
    { view: 'calendar', label: 'patientArea.view.calendar' },
  ];
  return (
    <div
      role="group"
      aria-label={t('patientArea.viewSwitch')}
      className="inline-flex self-start rounded-lg border border-slate-300 bg-white p-1"
    >
      {options.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className="min-h-10 rounded-md px-4 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}

/** The patient's dashboard: their sessions, and the calendar of the psychologist they chose. */
export function PatientArea({ user }: { user: User }) {
  const [psychologistId, setPsychologistId] = useState<string | null>(
    () => readEntryParams(window.location.search).psychologistId,
  );
  const choose = useCallback((id: string) => {
    setPsychologistId(id);
    remember('psychologistId', id);
  }, []);
  const [view, setView] = useState<PatientView>(() =>
    new URLSearchParams(window.location.search).get('view') === 'calendar' ? 'calendar' : 'times',
  );
  const showView = (next: PatientView) => {
    setView(next);
    remember('view', next === 'calendar' ? next : null);
  };
  const now = useNow();
  const t = useT();
  useEffect(() => preloadWhenIdle(Calendar.preload), []);
  const owner = usePsychologistRecord(psychologistId);
  const ownerZone = owner.data?.timeZone ?? deviceTimeZone();
  const actions = useCalendarActions('patient', psychologistId, ownerZone, now);

  const chooser = <PsychologistChooser selectedId={psychologistId} onSelect={choose} />;
  const banner = (
    <>
      {chooser}
      <ViewSwitch value={view} onChange={showView} />
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      <ErrorBoundary region="app.region.yourSessions">
        <YourSessionsArea
          userId={user.id}
          now={now}
          onCancel={actions.openCancel}
          reschedule={actions.reschedule}
          onResumePayment={actions.resumePayment}
        />
      </ErrorBoundary>
      <ErrorBoundary region="app.region.calendar">
        {!psychologistId ? (
          chooser
        ) : view === 'calendar' ? (
          <Suspense
            fallback={
              <div className="flex flex-col gap-4">
                {banner}
                <SkeletonList label={t('patientArea.loadingCalendar')} rows={4} />
              </div>
            }
          >
            <Calendar
              role="patient"
              psychologistId={psychologistId}
              banner={banner}
              {...actions.calendarProps}
            />
          </Suspense>
        ) : (
          <div className="flex flex-col gap-4">
            {banner}
            <TimePicker
              key={psychologistId}
              psychologist={owner.data}
              onPick={(slot) => actions.calendarProps.onBookSlot?.(slot)}
            />
          </div>
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
  reschedule,
  onResumePayment,
}: {
  userId: string;
  now: Date;
  onCancel: (target: CancelTarget) => void;
  reschedule: ReturnType<typeof useCalendarActions>['reschedule'];
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
      onReschedule={(item) =>
        reschedule.move(
          { booking: item, timeZone: zoneOf(item.psychologist_id) },
          {
            cancelInstead: () => onCancel(targetFromBooking(item, zoneOf(item.psychologist_id))),
          },
        )
      }
      onAnswerMove={(item, decision) =>
        reschedule.answer({ booking: item, timeZone: zoneOf(item.psychologist_id) }, decision)
      }
      onResumePayment={onResumePayment}
    />
  );
}
