import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  DAY_PARTS,
  SLOT_START_MINUTES,
  localDateOf,
  zonedInstant,
  type AvailabilityFacts,
  type BookingPolicy,
  type CalendarEvent,
  type DayPart,
  type Role,
} from '@sukoon/shared';
import { useDialogFocus } from '../../components/ui/modal';
import { useT, type Translate } from '../../i18n/i18n';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { cellState, isDayPartOff } from './cell-state';
import { partsOffId } from './day-parts';
import { EventPill, eventSummary } from './event-pill';
import { formatDate } from './layout';

interface MonthViewProps {
  role: Role;
  /** The month being shown, as any date in it. */
  month: string;
  dates: string[];
  today: string;
  now: Date;
  /** The psychologist's booking policy: a patient's first free time respects it. */
  policy?: BookingPolicy | undefined;
  facts: AvailabilityFacts;
  /** `facts` and `events` are another range's, kept while this month's load. */
  pending?: boolean;
  events: CalendarEvent[];
  /** PageUp / PageDown on a day: the month before or after. */
  onMoveMonth?: (direction: -1 | 1) => void;
  /** Patients: 'Add Event' on a day; the slot is the first bookable one from 9:00. */
  onAddEvent: (start: Date) => void;
}

/** '+1 more event', '+3 more events': the days' events past the first one shown. */
export function moreEventsText(t: Translate, count: number): string {
  return t('calendar.month.more', { count });
}

/** How a day's events read in its cell's name: 'no events', '1 event: …', '3 events: …'. */
function eventsInWords(t: Translate, events: CalendarEvent[], timeZone: string): string {
  if (events.length === 0) return t('calendar.month.noEvents');
  const list = events.map((event) => eventSummary(t, event, timeZone)).join('; ');
  return t('calendar.month.events', { count: events.length, list });
}

export function MonthView({
  role,
  month,
  dates,
  today,
  now,
  facts,
  policy,
  pending = false,
  events,
  onMoveMonth,
  onAddEvent,
}: MonthViewProps) {
  const t = useT();
  const [openDay, setOpenDay] = useState<string | null>(null);
  const dialogFocus = useDialogFocus();
  const gridRef = useRef<HTMLDivElement>(null);
  // One day button is in the tab order (roving tabindex): the one last focused, else today or the 1st.
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const defaultIndex = Math.max(
    0,
    dates.includes(today)
      ? dates.indexOf(today)
      : dates.findIndex((date) => date.slice(0, 7) === month.slice(0, 7)),
  );
  const focusIndex = Math.min(dates.length - 1, activeIndex ?? defaultIndex);
  const refocusAfterMove = useRef(false);

  function focusDay(index: number) {
    setActiveIndex(index);
    gridRef.current?.querySelector<HTMLElement>(`[data-day-index="${index}"]`)?.focus();
  }

  const firstDate = dates[0];
  useEffect(() => {
    if (!refocusAfterMove.current) return;
    refocusAfterMove.current = false;
    focusDay(focusIndex);
    // Only when the month changes: the same position of the new month's grid takes focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstDate]);

  /**
   * Arrows move a day (a week up or down), Home / End to the start or end of the week row,
   * PageUp / PageDown to the month before or after; Enter or Space opens the day's list.
   */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = Number((event.target as HTMLElement).dataset.dayIndex);
    if (Number.isNaN(index)) return;
    const rowStart = index - (index % 7);
    const targets: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index - 7,
      ArrowDown: index + 7,
      Home: rowStart,
      End: rowStart + 6,
    };
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      if (!onMoveMonth) return;
      event.preventDefault();
      setActiveIndex(index);
      refocusAfterMove.current = true;
      onMoveMonth(event.key === 'PageUp' ? -1 : 1);
      return;
    }
    const next = targets[event.key];
    if (next === undefined || next < 0 || next >= dates.length) return;
    event.preventDefault();
    focusDay(next);
  }
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const day = localDateOf(new Date(event.startDate), facts.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  const openEvents = openDay ? (byDay.get(openDay) ?? []) : [];
  const narrow = useMediaQuery(SMALL_SCREEN);

  /** What a day shows, in the grid and in the phone's list alike. */
  function dayOf(date: string): DayFacts & { name: string } {
    const dayEvents = pending ? [] : (byDay.get(date) ?? []);
    const off = !pending && facts.daysOff.includes(date);
    const past = date < today;
    const partsOff = pending ? [] : DAY_PARTS.filter((part) => isDayPartOff(facts, date, part));
    const firstFree =
      role === 'patient' && !off && !pending
        ? SLOT_START_MINUTES.find(
            (minute) => cellState(date, minute, facts, now, role, policy) === 'free',
          )
        : undefined;
    const label = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
    // 'Thursday, March 26, not available', or the day, the parts off and its events; a day off
    // still names the sessions booked on it.
    const hasEvents = !(off && dayEvents.length === 0);
    const name = pending
      ? t('calendar.month.loadingDay', { day: label })
      : t('calendar.month.dayName', {
          day: label,
          today: date === today ? 'yes' : 'no',
          past: past ? 'yes' : 'no',
          off: off ? 'yes' : 'no',
          parts: off ? 'none' : partsOffId(partsOff),
          hasEvents: hasEvents ? 'yes' : 'no',
          events: hasEvents ? eventsInWords(t, dayEvents, facts.timeZone) : '',
        });
    return { dayEvents, off, past, partsOff, firstFree, label, name };
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <div
          ref={gridRef}
          role="grid"
          onKeyDown={onKeyDown}
          aria-busy={pending || undefined}
          aria-label={formatDate(month, { month: 'long', year: 'numeric' })}
          className="min-w-[336px]"
        >
          <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
            {dates.slice(0, 7).map((date) => (
              <div
                role="columnheader"
                key={date}
                aria-label={formatDate(date, { weekday: 'long' })}
                className="px-2 py-2 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {formatDate(date, { weekday: 'short' })}
              </div>
            ))}
          </div>
          {Array.from({ length: dates.length / 7 }, (_, week) => (
            <div role="row" key={week} className="grid grid-cols-7">
              {dates.slice(week * 7, week * 7 + 7).map((date, column) => {
                const index = week * 7 + column;
                const inMonth = date.slice(0, 7) === month.slice(0, 7);
                const { dayEvents, off, past, partsOff, firstFree, label, name } = dayOf(date);
                return (
                  <div
                    role="gridcell"
                    // Keyed by position: the same elements show the next month, so focus stays.
                    key={index}
                    data-date={date}
                    aria-label={name}
                    data-past={past || undefined}
                    className={`group relative flex ${narrow ? 'min-h-14' : 'min-h-20'} min-w-0 flex-col gap-1 border-r border-b border-slate-200 p-1 sm:min-h-28 sm:p-1.5 ${off ? 'bg-slate-100' : inMonth && !past ? '' : 'bg-slate-50'} ${inMonth && !past ? '' : off ? 'text-slate-600' : 'text-slate-500'}`}
                  >
                    <button
                      type="button"
                      onClick={() => setOpenDay(date)}
                      onFocus={() => setActiveIndex(index)}
                      tabIndex={index === focusIndex ? 0 : -1}
                      data-day-index={index}
                      aria-label={t('calendar.month.showEvents', { day: label })}
                      className={`grid size-7 place-items-center rounded-full text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 ${date === today ? 'bg-brand-700 font-semibold text-white hover:bg-brand-800' : past ? 'font-normal' : 'font-semibold'}`}
                    >
                      {formatDate(date, { day: 'numeric' })}
                    </button>
                    {/* A phone's cell holds the date and marks only; the list under the grid says
                      the rest (the cell's name says it all to a screen reader either way). */}
                    {narrow && (off || dayEvents.length > 0) && (
                      <span aria-hidden="true" className="flex items-center gap-0.5 px-1 text-xs">
                        {off
                          ? t('calendar.month.off')
                          : dayEvents
                              .slice(0, 3)
                              .map((event) => (
                                <span
                                  key={event.id}
                                  className="size-1.5 rounded-full bg-brand-700"
                                />
                              ))}
                      </span>
                    )}
                    {!narrow && off && (
                      <span className="text-xs font-medium text-slate-600">
                        {t('calendar.day.notAvailable')}
                      </span>
                    )}
                    {!narrow && !off && partsOff.length > 0 && (
                      <span className="text-xs text-slate-600">
                        {t('availability.partsOff', { parts: partsOffId(partsOff) })}
                      </span>
                    )}
                    {!narrow && dayEvents[0] && (
                      <EventPill event={dayEvents[0]} timeZone={facts.timeZone} />
                    )}
                    {!narrow && dayEvents.length > 1 && (
                      <button
                        type="button"
                        onClick={() => setOpenDay(date)}
                        aria-label={t('calendar.month.moreOn', {
                          count: dayEvents.length - 1,
                          day: label,
                        })}
                        className="self-start rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-brand-700"
                      >
                        {moreEventsText(t, dayEvents.length - 1)}
                      </button>
                    )}
                    {!narrow && dayEvents.length === 0 && firstFree !== undefined && (
                      <button
                        type="button"
                        onClick={() => onAddEvent(zonedInstant(date, firstFree, facts.timeZone))}
                        aria-label={t('calendar.month.addEventOn', { day: label })}
                        className="mt-auto self-start rounded-md bg-brand-700 px-2 py-1 text-xs font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100 hover:bg-brand-800"
                      >
                        {t('calendar.addEvent')}
                      </button>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>

        <Dialog.Root open={openDay !== null} onOpenChange={(open) => !open && setOpenDay(null)}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
            <Dialog.Content
              {...dialogFocus}
              className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
            >
              <Dialog.Title className="text-lg font-semibold">
                {openDay &&
                  formatDate(openDay, {
                    weekday: 'long',
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  })}
              </Dialog.Title>
              {openEvents.length === 0 ? (
                <div className="mt-4 rounded-lg bg-slate-50 p-4 text-center">
                  <p className="font-medium text-slate-700">{t('calendar.month.noEventsFound')}</p>
                  <Dialog.Description className="mt-1 text-sm text-slate-500">
                    {t('calendar.month.noEventsThisDay')}
                  </Dialog.Description>
                </div>
              ) : (
                <>
                  <Dialog.Description className="sr-only">
                    {t('calendar.month.eventsThisDay')}
                  </Dialog.Description>
                  <ul className="mt-4 flex flex-col gap-2">
                    {openEvents.map((event) => (
                      <li key={event.id}>
                        <EventPill event={event} timeZone={facts.timeZone} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <Dialog.Close className="mt-5 w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
                {t('calendar.close')}
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      {narrow && (
        <MonthList
          month={month}
          dates={dates.filter((date) => date.slice(0, 7) === month.slice(0, 7))}
          today={today}
          timeZone={facts.timeZone}
          dayOf={dayOf}
          onAddEvent={onAddEvent}
        />
      )}
    </div>
  );
}

interface DayFacts {
  dayEvents: CalendarEvent[];
  off: boolean;
  past: boolean;
  partsOff: DayPart[];
  firstFree: number | undefined;
  label: string;
}

/**
 * The month on a phone: seven columns leave no room for an event or an 'Add Event' button, so the
 * grid shows dates and marks only, and under it the days of the month are listed one under another,
 * each with its events, what is not available and (for a patient, while a slot is free) 'Add Event'.
 * Past days are greyed as in the week view.
 */
function MonthList({
  month,
  dates,
  today,
  timeZone,
  dayOf,
  onAddEvent,
}: {
  month: string;
  dates: string[];
  today: string;
  timeZone: string;
  dayOf: (date: string) => DayFacts;
  onAddEvent: (start: Date) => void;
}) {
  const t = useT();
  return (
    <ol
      aria-label={t('calendar.month.dayByDay', {
        month: formatDate(month, { month: 'long', year: 'numeric' }),
      })}
      className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {dates.map((date) => {
        const { dayEvents, off, past, partsOff, firstFree, label } = dayOf(date);
        const isToday = date === today;
        return (
          <li
            key={date}
            data-date={date}
            data-past={past || undefined}
            className={`flex items-start gap-3 px-3 py-2 ${isToday ? 'bg-brand-50' : past || off ? 'bg-slate-50' : ''}`}
          >
            <h4 className="w-11 shrink-0 pt-0.5 text-center leading-tight">
              <span
                aria-hidden="true"
                className="block text-xs font-medium text-slate-600 uppercase"
              >
                {formatDate(date, { weekday: 'short' })}
              </span>
              <span
                aria-hidden="true"
                className={`mx-auto mt-0.5 grid size-7 place-items-center rounded-full text-base ${isToday ? 'bg-brand-700 font-semibold text-white' : past ? 'text-slate-500' : 'font-semibold text-slate-900'}`}
              >
                {formatDate(date, { day: 'numeric' })}
              </span>
              <span className="sr-only">
                {t('calendar.month.listDay', {
                  day: label,
                  when: isToday ? 'today' : past ? 'past' : 'other',
                })}
              </span>
            </h4>
            <div className="flex min-w-0 flex-1 flex-col gap-1 pt-0.5">
              {off && (
                <p className="text-sm font-medium text-slate-600">
                  {t('calendar.day.notAvailable')}
                </p>
              )}
              {!off && partsOff.length > 0 && (
                <p className="text-xs text-slate-600">
                  {t('availability.partsOff', { parts: partsOffId(partsOff) })}
                </p>
              )}
              {dayEvents.length > 0 ? (
                <ul
                  aria-label={t('calendar.month.eventsOn', { day: label })}
                  className="flex flex-col gap-1"
                >
                  {dayEvents.map((event) => (
                    <li key={event.id}>
                      <EventPill event={event} timeZone={timeZone} />
                    </li>
                  ))}
                </ul>
              ) : (
                !off && (
                  <p className={`text-sm ${past ? 'text-slate-500' : 'text-slate-600'}`}>
                    {t('calendar.month.noEventsShown')}
                  </p>
                )
              )}
            </div>
            {firstFree !== undefined && (
              <button
                type="button"
                onClick={() => onAddEvent(zonedInstant(date, firstFree, timeZone))}
                aria-label={t('calendar.month.addEventOn', { day: label })}
                className="min-h-10 shrink-0 self-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {t('calendar.addEvent')}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
