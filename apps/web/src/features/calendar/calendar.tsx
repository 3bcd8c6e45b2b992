import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  DAY_PARTS,
  addIsoDays,
  localDateOf,
  monthGridDates,
  weekDates,
  zonedInstant,
  type AvailabilityFacts,
  type BookingPolicy,
  type DayPart,
  type WeekStart,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { formatDateRange } from '../../lib/dates';
import { preloadWhenIdle } from '../../lib/lazy';
import { useNow } from '../../lib/use-now';
import {
  useAvailability,
  useEvents,
  usePsychologist,
  useToggleDay,
  useToggleSegment,
  useToggleSlot,
} from './api';
import { isDayPartOff } from './cell-state';
import { formatDate } from './layout';
import { WeekView } from './week-view';
import { CalendarHeader } from './calendar-header';
import { BookedSessionsWarning, DurationDialog, Legend, MonthView } from './calendar-lazy';
import { MonthLoading, WeekLoading } from './calendar-loading';
import {
  firstFreeSlot,
  prefetchNeighbours,
  rangeOf,
  readWeekStart,
  stepAnchor,
  WEEK_START_KEY,
} from './calendar-range';
import type { CalendarProps } from './calendar-types';
import { useAvailabilityAsks } from './use-availability-asks';
import { SkeletonList } from '../../components/ui/skeleton';

export type { CalendarProps, WeekContext } from './calendar-types';

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

  // Kept while the anchor stays: the week grid works out its cells once per week (week-view.tsx).
  const week = useMemo(() => weekDates(anchor, weekStart), [anchor, weekStart]);
  const month = useMemo(() => monthGridDates(anchor, weekStart), [anchor, weekStart]);
  const dates = tab === 'week' ? week : month;
  const range = rangeOf(dates, timeZone);
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
    if (role === 'patient') void Legend.preload().catch(() => undefined);
  }, [role]);
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

  const asks = useAvailabilityAsks({ ownEvents, timeZone, now, week, toggleDay, toggleSegment });

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
      <CalendarHeader
        role={role}
        psychologistName={psychologistName}
        timeZone={timeZone}
        shownInstants={[new Date(range.start), new Date(range.end)]}
        weekStart={weekStart}
        onWeekStart={chooseWeekStart}
        nextFree={nextFree}
        onChooseFree={(start) => setChosen({ start, from: tab })}
        {...(onAddEvent
          ? {
              onAddEvent: () =>
                onAddEvent(nextFree ?? zonedInstant(addIsoDays(today, 1), 9 * 60, timeZone)),
            }
          : {})}
      />

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
                  onBeforeRun={asks.bulkAsked}
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
                    onToggleDay={asks.toggleDayAsked}
                    onToggleDayPart={asks.toggleDayPartAsked}
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
                  {!isPsychologist && (
                    // A line of its height meanwhile, so what is below does not move.
                    <Suspense fallback={<div className="h-4" />}>
                      <Legend />
                    </Suspense>
                  )}
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

      {asks.warning && (
        <Suspense fallback={null}>
          <BookedSessionsWarning
            {...asks.warning}
            timeZone={timeZone}
            onCancel={asks.closeWarning}
            onConfirm={() => {
              asks.closeWarning();
              asks.warning?.run();
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
