import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  DAY_PARTS,
  SLOT_START_MINUTES,
  localDateOf,
  zonedInstant,
  type AvailabilityFacts,
  type CalendarEvent,
  type Role,
} from '@sukoon/shared';
import { useDialogFocus } from '../../components/ui/modal';
import { cellState, isDayPartOff } from './cell-state';
import { DAY_PART_LABEL } from './day-parts';
import { EventPill, eventSummary } from './event-pill';
import { formatDate } from './layout';

interface MonthViewProps {
  role: Role;
  /** The month being shown, as any date in it. */
  month: string;
  dates: string[];
  today: string;
  now: Date;
  facts: AvailabilityFacts;
  /** `facts` and `events` are another range's, kept while this month's load. */
  pending?: boolean;
  events: CalendarEvent[];
  /** PageUp / PageDown on a day: the month before or after. */
  onMoveMonth?: (direction: -1 | 1) => void;
  /** Patients: 'Add Event' on a day; the slot is the first bookable one from 9:00. */
  onAddEvent: (start: Date) => void;
}

/** How a day's events read in its cell's name: 'no events', '1 event: …', '3 events: …'. */
function eventsInWords(events: CalendarEvent[], timeZone: string): string {
  if (events.length === 0) return 'no events';
  const list = events.map((event) => eventSummary(event, timeZone)).join('; ');
  return `${events.length} ${events.length === 1 ? 'event' : 'events'}: ${list}`;
}

export function MonthView({
  role,
  month,
  dates,
  today,
  now,
  facts,
  pending = false,
  events,
  onMoveMonth,
  onAddEvent,
}: MonthViewProps) {
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

  return (
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
              const dayEvents = pending ? [] : (byDay.get(date) ?? []);
              const inMonth = date.slice(0, 7) === month.slice(0, 7);
              const off = !pending && facts.daysOff.includes(date);
              const partsOff = pending
                ? []
                : DAY_PARTS.filter((part) => isDayPartOff(facts, date, part));
              const firstFree =
                role === 'patient' && !off && !pending
                  ? SLOT_START_MINUTES.find(
                      (minute) => cellState(date, minute, facts, now, role) === 'free',
                    )
                  : undefined;
              const label = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
              // 'Thursday, March 26, not available', or the day, the parts off and its events.
              const name = pending
                ? `${label}, loading`
                : off
                  ? `${label}, not available`
                  : [
                      label,
                      ...(date === today ? ['today'] : []),
                      ...(partsOff.length > 0
                        ? [
                            `${partsOff.map((part) => DAY_PART_LABEL[part].toLowerCase()).join(' and ')} unavailable`,
                          ]
                        : []),
                      eventsInWords(dayEvents, facts.timeZone),
                    ].join(', ');
              return (
                <div
                  role="gridcell"
                  // Keyed by position: the same elements show the next month, so focus stays.
                  key={index}
                  data-date={date}
                  aria-label={name}
                  className={`group relative flex min-h-20 min-w-0 flex-col gap-1 border-r border-b border-slate-200 p-1 sm:min-h-28 sm:p-1.5 ${off ? 'bg-slate-100' : inMonth ? '' : 'bg-slate-50'} ${inMonth ? '' : off ? 'text-slate-600' : 'text-slate-500'}`}
                >
                  <button
                    type="button"
                    onClick={() => setOpenDay(date)}
                    onFocus={() => setActiveIndex(index)}
                    tabIndex={index === focusIndex ? 0 : -1}
                    data-day-index={index}
                    aria-label={`Show events on ${label}`}
                    className={`grid size-7 place-items-center rounded-full text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 ${date === today ? 'bg-brand-700 text-white hover:bg-brand-800' : ''}`}
                  >
                    {formatDate(date, { day: 'numeric' })}
                  </button>
                  {off && <span className="text-xs font-medium text-slate-600">Not available</span>}
                  {!off && partsOff.length > 0 && (
                    <span className="text-[11px] text-slate-500">
                      {partsOff.map((part) => DAY_PART_LABEL[part]).join(', ')} unavailable
                    </span>
                  )}
                  {dayEvents[0] && <EventPill event={dayEvents[0]} timeZone={facts.timeZone} />}
                  {dayEvents.length > 1 && (
                    <button
                      type="button"
                      onClick={() => setOpenDay(date)}
                      aria-label={`${dayEvents.length - 1} more events on ${label}`}
                      className="self-start rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-semibold text-slate-700 hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      +{dayEvents.length - 1}
                    </button>
                  )}
                  {dayEvents.length === 0 && firstFree !== undefined && (
                    <button
                      type="button"
                      onClick={() => onAddEvent(zonedInstant(date, firstFree, facts.timeZone))}
                      aria-label={`Add Event on ${label}`}
                      className="mt-auto self-start rounded-md bg-brand-700 px-2 py-1 text-[11px] font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100 hover:bg-brand-800"
                    >
                      Add Event
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
                <p className="font-medium text-slate-700">No events found</p>
                <Dialog.Description className="mt-1 text-sm text-slate-500">
                  There are no events scheduled for this day.
                </Dialog.Description>
              </div>
            ) : (
              <>
                <Dialog.Description className="sr-only">Events on this day</Dialog.Description>
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
              Close
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
