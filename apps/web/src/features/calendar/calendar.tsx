import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  DAY_PARTS,
  SLOT_START_MINUTES,
  addIsoDays,
  localDateOf,
  monthGridDates,
  sameClockTime,
  weekDates,
  zonedInstant,
  type AvailabilityFacts,
  type BookingPolicy,
  type CalendarEvent,
  type DayPart,
  type Role,
  type SessionDuration,
  type WeekStart,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { deviceTimeZone, formatDateRange, zoneLabel } from '../../lib/dates';
import { lazyWithPreload, preloadWhenIdle } from '../../lib/lazy';
import { useNow } from '../../lib/use-now';
import {
  availabilityQuery,
  eventsQuery,
  useAvailability,
  useEvents,
  usePsychologist,
  useToggleDay,
  useToggleSegment,
  useToggleSlot,
} from './api';
import { sessionsWithin } from './booked-sessions';
import type { BookedSessionsWarningProps } from './booked-sessions-warning';
import { cellState, isDayPartOff } from './cell-state';
import { ROW_HEIGHT_PX, formatDate } from './layout';
import { WeekView, type WeekViewProps } from './week-view';
import { SkeletonList } from '../../components/ui/skeleton';
import { COMPACT_FIELD_CLASS } from '../../components/ui/field-class';

// The week view is the first load; the month view and the duration dialog are fetched once the
// week has rendered (or as soon as someone points at the Month tab).
const MonthView = lazyWithPreload(() => import('./month-view').then((module) => module.MonthView));
const DurationDialog = lazyWithPreload(() =>
  import('./duration-dialog').then((module) => module.DurationDialog),
);
const BookedSessionsWarning = lazyWithPreload(() =>
  import('./booked-sessions-warning').then((module) => module.BookedSessionsWarning),
);

/** A change to availability that waits for the psychologist's answer to the warning. */
type Warning = Omit<BookedSessionsWarningProps, 'timeZone' | 'onConfirm' | 'onCancel'> & {
  run: () => void;
};

/** The control named `label` in the calendar, to give focus back to once a warning closes. */
const controlNamed = (label: string) => () =>
  [...document.querySelectorAll<HTMLElement>('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === label,
  ) ?? null;

export interface CalendarProps {
  role: Role;
  /** The psychologist whose calendar this is (the signed-in psychologist, or the patient's choice). */
  psychologistId: string;
  /** A patient chose a slot and a length; the booking form takes it from here. */
  onBookSlot?: (slot: { start: Date; durationMinutes: SessionDuration }) => void;
  /** The pill's 'Delete Event' button was used (the app opens Cancel Appointment). */
  onDeleteEvent?: (event: CalendarEvent) => void;
  /** Which pills offer 'Delete Event' (e.g. not a session that has started); all when absent. */
  canDeleteEvent?: (event: CalendarEvent) => boolean;
  /** A psychologist opened one of their events (to edit it). */
  onOpenEvent?: (event: CalendarEvent) => void;
  /** Which of a patient's pills open (their hold, to pay; a booked session, to move it). */
  canOpenEvent?: WeekViewProps['canOpenEvent'];
  /** A psychologist dropped a patient's session on another free start (issue 18). */
  onMoveEvent?: WeekViewProps['onMoveEvent'];
  canMoveEvent?: WeekViewProps['canMoveEvent'];
  /** A psychologist's 'Add Event' (no payment); the form picks the date and time. */
  onAddEvent?: (start: Date) => void;
  /** Shown above the calendar, e.g. which psychologist is open and a way to switch. */
  banner?: ReactNode;
  /** Shown under the week grid, for the displayed week (e.g. its sessions and their attendance). */
  belowWeek?: (week: WeekContext) => ReactNode;
}

/** The week the grid shows: its dates, the viewer's events in it and the zone it is drawn in. */
export interface WeekContext {
  dates: string[];
  events: CalendarEvent[];
  /** The week's events are still on their way: `events` says nothing yet. */
  loading: boolean;
  timeZone: string;
  now: Date;
}

const WEEK_START_KEY = 'weekStart';

/** The dates a tab shows around an anchor date: a week, or the 6-week grid of its month. */
function datesOf(tab: 'week' | 'month', anchor: string, weekStart: WeekStart): string[] {
  return tab === 'week' ? weekDates(anchor, weekStart) : monthGridDates(anchor, weekStart);
}

/** The anchor one step (a week or a month) before or after. */
function stepAnchor(tab: 'week' | 'month', anchor: string, direction: -1 | 1): string {
  if (tab === 'week') return addIsoDays(anchor, 7 * direction);
  const [year, monthNumber] = anchor.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + direction, 1)).toISOString().slice(0, 10);
}

/** A range of dates as the API asks for it: first and last date, and the instants around them. */
function rangeOf(dates: string[], timeZone: string) {
  const from = dates[0]!;
  const to = dates.at(-1)!;
  return {
    from,
    to,
    start: zonedInstant(from, 0, timeZone).toISOString(),
    end: zonedInstant(addIsoDays(to, 1), 0, timeZone).toISOString(),
  };
}

/**
 * Fetches the ranges before and after the displayed one into the cache, so Prev and Next draw the
 * new week (or month) from its own data at once; fresh entries are not fetched again.
 */
function prefetchNeighbours(
  queryClient: QueryClient,
  psychologistId: string,
  tab: 'week' | 'month',
  anchor: string,
  weekStart: WeekStart,
  timeZone: string,
) {
  for (const direction of [1, -1] as const) {
    const range = rangeOf(datesOf(tab, stepAnchor(tab, anchor, direction), weekStart), timeZone);
    void queryClient.prefetchQuery(availabilityQuery(psychologistId, range.from, range.to));
    void queryClient.prefetchQuery(eventsQuery(range.start, range.end));
  }
}

function readWeekStart(): WeekStart {
  return window.localStorage.getItem(WEEK_START_KEY) === 'sunday' ? 'sunday' : 'monday';
}

export function Calendar(props: CalendarProps) {
  const t = useT();
  const psychologist = usePsychologist(props.psychologistId);
  if (psychologist.isError) {
    // The banner stays: a patient whose psychologist left (or whose link is wrong) picks another there.
    return (
      <section aria-label={t('calendar.label')} className="flex flex-col gap-4">
        {props.banner}
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          {psychologist.error.message}
        </div>
      </section>
    );
  }
  if (!psychologist.data) {
    // The banner is drawn at once (a psychologist's Today's Attendance and tip, as the prerendered
    // frame has them: app/app.tsx), so the calendar's arrival moves nothing above it.
    return (
      <section aria-label={t('calendar.label')} className="flex flex-col gap-4">
        {props.banner}
        <SkeletonList label={t('calendar.loading')} rows={6} />
      </section>
    );
  }
  return (
    <CalendarBody
      {...props}
      timeZone={psychologist.data.timeZone}
      psychologistName={psychologist.data.displayName}
      policy={psychologist.data.policy}
    />
  );
}

/** The first slot from `today` on in `dates` that is free to `role`, as an instant; null if none. */
function firstFreeSlot(
  dates: readonly string[],
  today: string,
  facts: AvailabilityFacts,
  now: Date,
  role: Role,
  policy: BookingPolicy,
  timeZone: string,
): Date | null {
  for (const date of dates) {
    if (date < today) continue;
    const minute = SLOT_START_MINUTES.find(
      (m) => cellState(date, m, facts, now, role, policy) === 'free',
    );
    if (minute !== undefined) return zonedInstant(date, minute, timeZone);
  }
  return null;
}

function CalendarBody({
  role,
  psychologistId,
  timeZone,
  psychologistName,
  policy,
  onBookSlot,
  onDeleteEvent,
  canDeleteEvent,
  onOpenEvent,
  onAddEvent,
  banner,
  belowWeek,
  ...eventMoves
}: CalendarProps & { timeZone: string; psychologistName: string; policy: BookingPolicy }) {
  const t = useT();
  const now = useNow();
  const today = localDateOf(now, timeZone);
  const [tab, setTab] = useState<'week' | 'month'>('week');
  const [anchor, setAnchor] = useState(today);
  const [weekStart, setWeekStart] = useState<WeekStart>(readWeekStart);
  const [chosen, setChosen] = useState<{ start: Date; from: 'week' | 'month' } | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);

  // Kept while the anchor stays: the week grid works out its cells once per week (week-view.tsx).
  const week = useMemo(() => weekDates(anchor, weekStart), [anchor, weekStart]);
  const month = useMemo(() => monthGridDates(anchor, weekStart), [anchor, weekStart]);
  const dates = tab === 'week' ? week : month;
  const range = rangeOf(dates, timeZone);
  const shownInstants = [new Date(range.start), new Date(range.end)];
  const availability = useAvailability(psychologistId, range.from, range.to);
  const events = useEvents(range.start, range.end);
  const facts: AvailabilityFacts | undefined = availability.data;
  const ownEvents = useMemo(
    () => (events.data ?? []).filter((event) => event.psychologistId === psychologistId),
    [events.data, psychologistId],
  );
  // Another range's answer, kept while this one loads: drawn as loading, never as this range's state.
  const pending = availability.isPlaceholderData || events.isPlaceholderData;
  const settled = availability.isSuccess && events.isSuccess && !pending;
  const hasFacts = facts !== undefined;
  // The week grid is the dashboard's heaviest render (168 cells). Its first one follows the rest of
  // the calendar in a transition (a deferred value renders at low priority, in slices the browser
  // can paint and take input between), so the header and buttons do not wait for it and no one long
  // task holds the page (issue 19). Later changes (another week, a blocked slot) draw at once.
  const gridReady = useDeferredValue(hasFacts, false);

  const queryClient = useQueryClient();
  useEffect(() => {
    if (settled) prefetchNeighbours(queryClient, psychologistId, tab, anchor, weekStart, timeZone);
  }, [settled, queryClient, psychologistId, tab, anchor, weekStart, timeZone]);
  useEffect(() => {
    if (!hasFacts) return;
    return role === 'psychologist'
      ? preloadWhenIdle(MonthView.preload, BookedSessionsWarning.preload)
      : preloadWhenIdle(MonthView.preload, DurationDialog.preload);
  }, [hasFacts, role]);

  const toggleDay = useToggleDay();
  const toggleSegment = useToggleSegment();
  const toggleSlot = useToggleSlot();
  const changeError = [toggleDay, toggleSegment, toggleSlot].find((m) => m.isError)?.error;

  const isPsychologist = role === 'psychologist';
  const viewerZone = deviceTimeZone();

  /**
   * Marking a day or a day part unavailable never cancels its sessions: when it holds any, the
   * psychologist is told which stay booked and chooses to go on or not; otherwise it runs at once.
   */
  function unlessBooked(sessions: CalendarEvent[], warn: Omit<Warning, 'sessions'>) {
    if (sessions.length === 0) warn.run();
    else setWarning({ ...warn, sessions });
  }

  function toggleDayAsked(date: string, off: boolean) {
    const run = () => toggleDay.mutate({ date, status: off ? 'Unavailable' : 'Available' });
    if (!off) return run();
    const name = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
    unlessBooked(sessionsWithin(ownEvents, timeZone, now, date), {
      title: t('calendar.day.markOffTitle', { day: name }),
      confirmLabel: t('calendar.day.markOffConfirm'),
      run,
      returnFocus: () =>
        controlNamed(t('calendar.day.markOff', { day: name }))() ??
        controlNamed(t('calendar.day.offMarkOn', { day: name }))(),
    });
  }

  function toggleDayPartAsked(date: string, segment: DayPart, off: boolean) {
    const run = () =>
      toggleSegment.mutate({ date, segment, status: off ? 'Unavailable' : 'Available' });
    if (!off) return run();
    const name = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
    unlessBooked(sessionsWithin(ownEvents, timeZone, now, date, segment), {
      title: t('availability.partOfDay.title', { part: segment, day: name }),
      confirmLabel: t('availability.partOfDay.confirm', { part: segment }),
      run,
      returnFocus: controlNamed(t('calendar.dayParts.label', { day: name })),
    });
  }

  function bulkAsked(part: DayPart, makeUnavailable: boolean, run: () => void) {
    if (!makeUnavailable) return run();
    unlessBooked(
      week.flatMap((date) => sessionsWithin(ownEvents, timeZone, now, date, part)),
      {
        title: t('availability.partAllWeek.title', { part }),
        confirmLabel: t('availability.bulk.markUnavailable', { part }),
        run,
        returnFocus: controlNamed(t('availability.bulk.markUnavailable', { part })),
      },
    );
  }

  function move(direction: -1 | 1) {
    setAnchor(stepAnchor(tab, anchor, direction));
  }

  function chooseWeekStart(value: WeekStart) {
    window.localStorage.setItem(WEEK_START_KEY, value);
    setWeekStart(value);
  }

  // The next free slot in the displayed range, for the header's 'Add Event': worked out once per
  // answer and minute, not on every render (a full week asks every cell; 190 ms at a phone's speed).
  const nextFree = useMemo(
    () =>
      facts && !pending ? firstFreeSlot(dates, today, facts, now, role, policy, timeZone) : null,
    [facts, pending, dates, today, now, role, policy, timeZone],
  );

  const heading =
    tab === 'week'
      ? formatDateRange(week[0]!, week[6]!)
      : formatDate(anchor, { month: 'long', year: 'numeric' });

  return (
    <section aria-label={t('calendar.label')} className="flex flex-col gap-4">
      {banner}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {isPsychologist
              ? t('calendar.heading.own')
              : t('calendar.heading.other', { name: psychologistName })}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {t(isPsychologist ? 'calendar.zone.own' : 'calendar.zone.psychologist', {
              zone: zoneLabel(timeZone),
            })}
            {!sameClockTime(viewerZone, timeZone, shownInstants) && (
              <> {t('calendar.zone.device', { zone: zoneLabel(viewerZone) })}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('calendar.weekStartsOn')}
            <select
              value={weekStart}
              onChange={(event) => chooseWeekStart(event.target.value as WeekStart)}
              className={COMPACT_FIELD_CLASS}
            >
              {/* A Monday and a Sunday, named by the date helpers in the page's language. */}
              <option value="monday">{formatDate('2026-11-23', { weekday: 'long' })}</option>
              <option value="sunday">{formatDate('2026-11-22', { weekday: 'long' })}</option>
            </select>
          </label>
          {role === 'patient' && (
            <Button
              disabled={!nextFree}
              title={nextFree ? undefined : t('calendar.noFreeSlot')}
              onClick={() => nextFree && setChosen({ start: nextFree, from: tab })}
            >
              {t('calendar.addEvent')}
            </Button>
          )}
          {isPsychologist && onAddEvent && (
            <Button
              onClick={() =>
                onAddEvent(nextFree ?? zonedInstant(addIsoDays(today, 1), 9 * 60, timeZone))
              }
            >
              {t('calendar.addEvent')}
            </Button>
          )}
        </div>
      </div>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as 'week' | 'month')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List
            aria-label={t('calendar.view')}
            className="inline-flex rounded-lg bg-slate-100 p-1"
          >
            {(['week', 'month'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
                // Someone about to open the month view: fetch it now if the idle time has not.
                {...(value === 'month'
                  ? {
                      onPointerEnter: () => void MonthView.preload().catch(() => undefined),
                      onFocus: () => void MonthView.preload().catch(() => undefined),
                    }
                  : {})}
              >
                {t(value === 'week' ? 'calendar.tab.week' : 'calendar.tab.month')}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="flex items-center gap-2">
            <Button variant="secondary" onClick={() => move(-1)}>
              {t('calendar.prev')}
            </Button>
            <Button variant="ghost" onClick={() => setAnchor(today)}>
              {t('calendar.today')}
            </Button>
            <Button variant="secondary" onClick={() => move(1)}>
              {t('calendar.next')}
            </Button>
          </div>
        </div>
        <h3 className="mt-3 text-lg font-semibold text-slate-800" aria-live="polite">
          {heading}
        </h3>

        {changeError && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {changeError.message}
          </p>
        )}
        {availability.isError && (
          <div role="alert" className="mt-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
            {t('calendar.loadFailed', { error: availability.error.message })}{' '}
            <button className="underline" onClick={() => void availability.refetch()}>
              {t('calendar.tryAgain')}
            </button>
          </div>
        )}

        {facts && (
          <>
            <Tabs.Content value="week" className="mt-3 flex flex-col gap-3 outline-none">
              {isPsychologist && (
                <BulkDayParts
                  dates={week}
                  facts={facts}
                  pending={pending}
                  onBeforeRun={bulkAsked}
                />
              )}
              {gridReady ? (
                <>
                  <WeekView
                    role={role}
                    dates={week}
                    today={today}
                    now={now}
                    facts={facts}
                    policy={policy}
                    pending={pending}
                    events={ownEvents}
                    onMoveWeek={move}
                    onFreeSlot={(start) => setChosen({ start, from: 'week' })}
                    onToggleDay={toggleDayAsked}
                    onToggleDayPart={toggleDayPartAsked}
                    onToggleSlot={(start, blocked) =>
                      toggleSlot.mutate({
                        start: start.toISOString(),
                        status: blocked ? 'Blocked' : 'Available',
                      })
                    }
                    {...(onDeleteEvent ? { onDeleteEvent } : {})}
                    {...(canDeleteEvent ? { canDeleteEvent } : {})}
                    {...(onOpenEvent ? { onOpenEvent } : {})}
                    {...eventMoves}
                  />
                  {!isPsychologist && <Legend />}
                  {belowWeek?.({
                    dates: week,
                    events: ownEvents,
                    loading: events.isPending || events.isPlaceholderData,
                    timeZone,
                    now,
                  })}
                </>
              ) : (
                <WeekLoading />
              )}
            </Tabs.Content>
            <Tabs.Content value="month" className="mt-3 outline-none">
              <Suspense fallback={<MonthLoading />}>
                <MonthView
                  role={role}
                  month={anchor}
                  dates={month}
                  today={today}
                  now={now}
                  facts={facts}
                  policy={policy}
                  pending={pending}
                  events={ownEvents}
                  onMoveMonth={move}
                  onAddEvent={(start) => setChosen({ start, from: 'month' })}
                />
              </Suspense>
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>

      {warning && (
        <Suspense fallback={null}>
          <BookedSessionsWarning
            {...warning}
            timeZone={timeZone}
            onCancel={() => setWarning(null)}
            onConfirm={() => {
              setWarning(null);
              warning.run();
            }}
          />
        </Suspense>
      )}
      {facts && chosen && (
        <Suspense fallback={null}>
          <DurationDialog
            title={t(
              chosen.from === 'month'
                ? 'calendar.duration.titleMonth'
                : 'calendar.duration.titleWeek',
            )}
            start={chosen.start}
            facts={facts}
            onCancel={() => setChosen(null)}
            onChoose={(durationMinutes) => {
              onBookSlot?.({ start: chosen.start, durationMinutes });
              setChosen(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

type BulkResult = { tone: 'ok' | 'error'; text: string };

/**
 * 'Mark {Morning|Afternoon|Evening} Available/Unavailable' for exactly the seven displayed days: one
 * toggle-segment call per day, as the specification's client made them.
 */
function BulkDayParts({
  dates,
  facts,
  pending,
  onBeforeRun,
}: {
  dates: string[];
  facts: AvailabilityFacts;
  /** The week's availability is still loading: what "all week" means is not known yet. */
  pending: boolean;
  /** Asks first when the change touches sessions; calls `run` to go on. */
  onBeforeRun: (part: DayPart, makeUnavailable: boolean, run: () => void) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Partial<Record<DayPart, boolean>>>({});
  const [result, setResult] = useState<BulkResult | null>(null);

  async function run(part: DayPart, makeUnavailable: boolean) {
    setRunning((current) => ({ ...current, [part]: true }));
    setResult(null);
    const outcomes = await Promise.allSettled(
      dates.map((date) =>
        api('PATCH', '/api/availability/toggle-segment', {
          body: { date, segment: part, status: makeUnavailable ? 'Unavailable' : 'Available' },
        }),
      ),
    );
    const updated = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    await queryClient.invalidateQueries({ queryKey: ['availability'] });
    setRunning((current) => ({ ...current, [part]: false }));
    setResult(
      updated === 0
        ? { tone: 'error', text: t('availability.bulk.failed', { part }) }
        : {
            tone: updated === dates.length ? 'ok' : 'error',
            text: t('availability.bulk.updated', { updated, total: dates.length }),
          },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {DAY_PARTS.map((part) => {
          // Off on every displayed day: offer to open it again; otherwise offer to close it all week.
          const allOff = dates.every((date) => isDayPartOff(facts, date, part));
          return (
            <Button
              key={part}
              variant="secondary"
              disabled={pending || running[part] === true}
              onClick={() => onBeforeRun(part, !allOff, () => void run(part, !allOff))}
            >
              {running[part]
                ? t('availability.bulk.updating')
                : t(
                    allOff
                      ? 'availability.bulk.markAvailable'
                      : 'availability.bulk.markUnavailable',
                    {
                      part,
                    },
                  )}
            </Button>
          );
        })}
      </div>
      <p
        role="status"
        className={`min-h-5 text-sm ${result?.tone === 'error' ? 'text-red-700' : 'text-slate-600'}`}
      >
        {result?.text}
      </p>
    </div>
  );
}

/** Where the week grid goes until its first render: about its height, so nothing below jumps. */
function WeekLoading() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('calendar.loadingWeek')}
      className="animate-pulse rounded-xl border border-slate-200 bg-white motion-reduce:animate-none"
      // The day headers, a row per half hour of the working day and the closing time's label.
      style={{ height: 64 + SLOT_START_MINUTES.length * ROW_HEIGHT_PX + 28 }}
    />
  );
}

/** Where the month grid goes while its code loads: about its height, so nothing below jumps. */
function MonthLoading() {
  const t = useT();
  return (
    <SkeletonList
      label={t('calendar.loadingMonth')}
      rows={6}
      className="min-h-[27rem] sm:min-h-[47rem]"
    />
  );
}

/**
 * What the grid's cells look like. Each swatch has a border dark enough to see against the page
 * (3:1 or more), filled like the cells it stands for.
 */
const LEGEND: Array<[swatch: string, text: MessageKey]> = [
  ['bg-white border-slate-500', 'calendar.legend.free'],
  ['bg-slate-200 border-slate-500', 'calendar.legend.booked'],
  [
    'bg-amber-100 border-amber-700 [background-image:repeating-linear-gradient(135deg,transparent_0_3px,rgb(217_119_6/0.45)_3px_5px)]',
    'calendar.legend.blocked',
  ],
];

function Legend() {
  const t = useT();
  return (
    <ul
      aria-label={t('calendar.legend')}
      className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700"
    >
      {LEGEND.map(([swatch, text]) => (
        <li key={text} className="flex items-center gap-1.5">
          <span
            data-swatch=""
            className={`inline-block size-4 shrink-0 rounded-sm border ${swatch}`}
            aria-hidden="true"
          />
          {t(text)}
        </li>
      ))}
    </ul>
  );
}
