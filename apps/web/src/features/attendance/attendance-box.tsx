import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { CalendarEvent } from '@sukoon/shared';
import { LoadError } from '../../components/ui/load-error';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/i18n';
import { attendanceTabs } from './session-lists';
import { SessionRow } from './session-row';

type Tab = 'pending' | 'completed' | 'all';

interface AttendanceBoxProps {
  /** The sessions of the window (last 4 weeks, next 2). */
  events: CalendarEvent[];
  now: Date;
  timeZone: string;
  loading?: boolean;
  /** Why the sessions could not be loaded (or refreshed); never shown as an empty tab. */
  error?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
  /** Open at first; by default the last choice, else collapsed (it is long: many sessions). */
  defaultOpen?: boolean;
}

/** The psychologist's last choice, so a box they closed stays closed (and an opened one open). */
const OPEN_KEY = 'attendanceBoxOpen';

function storedOpen(): boolean | null {
  const value = window.localStorage.getItem(OPEN_KEY);
  return value === null ? null : value === 'true';
}

const EMPTY: Record<Tab, MessageKey> = {
  pending: 'attendance.empty.pending',
  completed: 'attendance.empty.completed',
  all: 'attendance.empty.all',
};

/**
 * The attendance box: Pending (count), Completed and All, each session with its attendance (Present /
 * Absent with notes, or reset) and its meeting link; collapsible to one toggle that shows the Pending
 * count. It sits in the page under the calendar, not floating over it: a floating box covered the
 * week grid's weekend columns (and its collapsed toggle the last cells), whatever the screen width.
 */
export function AttendanceBox({
  events,
  now,
  timeZone,
  loading,
  error,
  onRetry,
  retrying,
  defaultOpen,
}: AttendanceBoxProps) {
  const { t, rich } = useI18n();
  const [open, setOpen] = useState(() => defaultOpen ?? storedOpen() ?? false);
  const [tab, setTab] = useState<Tab>('pending');
  const [announcement, setAnnouncement] = useState('');
  const panelId = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  const tabs = attendanceTabs(events, now);
  // Nothing loaded (yet, or at all): the Pending count is unknown, not 0.
  const failed = Boolean(error) && events.length === 0;
  const countKnown = !loading && !failed;

  // After a toggle, focus lands on the control that undoes it (the other one is gone).
  useEffect(() => {
    if (!toggled.current) return;
    (open ? closeRef : openRef).current?.focus();
  }, [open]);

  function toggle(next: boolean) {
    toggled.current = true;
    window.localStorage.setItem(OPEN_KEY, String(next));
    setOpen(next);
  }

  const onMarked = (updated: CalendarEvent) => {
    const values = {
      patient: updated.patientName ?? '',
      title: updated.title,
      status: updated.attendanceStatus,
    };
    const withPatient = Boolean(updated.patientName);
    setAnnouncement(
      updated.attendanceStatus === 'scheduled'
        ? t(
            withPatient ? 'attendance.announce.resetWithPatient' : 'attendance.announce.reset',
            values,
          )
        : t(
            withPatient ? 'attendance.announce.markedWithPatient' : 'attendance.announce.marked',
            values,
          ),
    );
  };

  return (
    <div className="mt-6 flex">
      {open ? (
        <section
          id={panelId}
          aria-label={t('attendance.title')}
          className="flex max-h-[80dvh] w-full max-w-2xl flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:max-h-[min(70dvh,40rem)]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <div>
              <h2 className="text-base font-semibold text-slate-900">{t('attendance.title')}</h2>
              <p className="text-xs text-slate-500">{t('attendance.window')}</p>
            </div>
            <button
              ref={closeRef}
              type="button"
              aria-expanded="true"
              aria-controls={panelId}
              onClick={() => toggle(false)}
              className="rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {rich('attendance.hide', {
                sr: (chunks) => <span className="sr-only">{chunks}</span>,
              })}
              <span aria-hidden="true"> ▾</span>
            </button>
          </div>
          <Tabs.Root
            value={tab}
            onValueChange={(value) => setTab(value as Tab)}
            className="flex min-h-0 flex-1 flex-col"
          >
            <Tabs.List
              aria-label={t('attendance.tabs')}
              className="mx-4 mt-3 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
            >
              <Trigger value="pending">
                {countKnown
                  ? t('attendance.tab.pending', { count: tabs.pending.length })
                  : t('attendance.tab.pendingUnknown')}
              </Trigger>
              <Trigger value="completed">{t('attendance.tab.completed')}</Trigger>
              <Trigger value="all">{t('attendance.tab.all')}</Trigger>
            </Tabs.List>
            <p role="status" className="mx-4 mt-2 min-h-4 text-xs text-green-800">
              {announcement}
            </p>
            {(['pending', 'completed', 'all'] as const).map((value) => (
              <Tabs.Content
                key={value}
                value={value}
                className="min-h-0 flex-1 overflow-y-auto px-4 pt-1 pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
              >
                {error && !loading && (
                  <LoadError
                    className={tabs[value].length > 0 ? 'mb-2' : ''}
                    message={t(failed ? 'attendance.loadFailed' : 'attendance.refreshFailed', {
                      error: error ?? '',
                    })}
                    onRetry={onRetry}
                    retrying={retrying}
                  />
                )}
                {loading ? (
                  <p role="status" className="text-sm text-slate-600">
                    {t('attendance.loading')}
                  </p>
                ) : error && tabs[value].length === 0 ? null : tabs[value].length === 0 ? (
                  <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
                    {t(EMPTY[value])}
                  </p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {tabs[value].map((event) => (
                      <SessionRow
                        key={event.id}
                        event={event}
                        now={now}
                        timeZone={timeZone}
                        onMarked={onMarked}
                      />
                    ))}
                  </ul>
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </section>
      ) : (
        <button
          ref={openRef}
          type="button"
          aria-expanded="false"
          onClick={() => toggle(true)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('attendance.title')}{' '}
          <span className="rounded-full bg-white px-2 py-0.5 text-xs text-brand-800">
            {failed
              ? t('attendance.notLoaded')
              : countKnown
                ? t('attendance.tab.pending', { count: tabs.pending.length })
                : t('attendance.tab.pendingUnknown')}
          </span>
        </button>
      )}
    </div>
  );
}

function Trigger({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="rounded-md px-1 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
    >
      {children}
    </Tabs.Trigger>
  );
}
