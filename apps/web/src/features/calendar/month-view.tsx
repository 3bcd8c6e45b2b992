import { Dialog } from 'radix-ui';
import { useState } from 'react';
import {
  DAY_PARTS,
  SLOT_START_MINUTES,
  localDateOf,
  zonedInstant,
  type AvailabilityFacts,
  type CalendarEvent,
  type Role,
} from '@sukoon/shared';
import { cellState, isDayPartOff } from './cell-state';
import { DAY_PART_LABEL } from './day-parts';
import { EventPill } from './event-pill';
import { formatDate } from './layout';

interface MonthViewProps {
  role: Role;
  /** The month being shown, as any date in it. */
  month: string;
  dates: string[];
  today: string;
  now: Date;
  facts: AvailabilityFacts;
  events: CalendarEvent[];
  /** Patients: 'Add Event' on a day; the slot is the first bookable one from 9:00. */
  onAddEvent: (start: Date) => void;
}

export function MonthView({
  role,
  month,
  dates,
  today,
  now,
  facts,
  events,
  onAddEvent,
}: MonthViewProps) {
  const [openDay, setOpenDay] = useState<string | null>(null);
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const day = localDateOf(new Date(event.startDate), facts.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  const openEvents = openDay ? (byDay.get(openDay) ?? []) : [];

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <div
        role="grid"
        onKeyDown={(event) => {
          // Arrow keys move between days (a week up or down), Enter opens the day's list.
          const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
          const current = (event.target as HTMLElement).dataset.dayButton;
          if (step === undefined || current === undefined) return;
          const next = dates[dates.indexOf(current) + step];
          if (!next) return;
          event.preventDefault();
          event.currentTarget.querySelector<HTMLElement>(`[data-day-button="${next}"]`)?.focus();
        }}
        aria-label={formatDate(month, { month: 'long', year: 'numeric' })}
        className="min-w-[336px]"
      >
        <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
          {dates.slice(0, 7).map((date) => (
            <div
              role="columnheader"
              key={date}
              className="px-2 py-2 text-center text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              {formatDate(date, { weekday: 'short' })}
            </div>
          ))}
        </div>
        {Array.from({ length: dates.length / 7 }, (_, week) => (
          <div role="row" key={week} className="grid grid-cols-7">
            {dates.slice(week * 7, week * 7 + 7).map((date) => {
              const dayEvents = byDay.get(date) ?? [];
              const inMonth = date.slice(0, 7) === month.slice(0, 7);
              const off = facts.daysOff.includes(date);
              const partsOff = DAY_PARTS.filter((part) => isDayPartOff(facts, date, part));
              const firstFree =
                role === 'patient' && !off
                  ? SLOT_START_MINUTES.find(
                      (minute) => cellState(date, minute, facts, now, role) === 'free',
                    )
                  : undefined;
              const label = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
              return (
                <div
                  role="gridcell"
                  key={date}
                  data-date={date}
                  aria-label={`${label}${off ? ', not available' : ''}`}
                  className={`group relative flex min-h-20 min-w-0 flex-col gap-1 border-r border-b border-slate-200 p-1 sm:min-h-28 sm:p-1.5 ${inMonth ? '' : 'bg-slate-50/70 text-slate-400'} ${off ? 'bg-slate-100' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => setOpenDay(date)}
                    data-day-button={date}
                    aria-label={`Show events on ${label}`}
                    className={`grid size-7 place-items-center rounded-full text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 ${date === today ? 'bg-brand-700 text-white hover:bg-brand-800' : ''}`}
                  >
                    {formatDate(date, { day: 'numeric' })}
                  </button>
                  {off && <span className="text-xs font-medium text-slate-500">Not available</span>}
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
                      className="self-start rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-semibold text-slate-700 hover:bg-slate-300"
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
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
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
