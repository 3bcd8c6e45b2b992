import { useEffect, useRef } from 'react';
import type { DayClosed, DayTimes } from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { formatDate } from '../../lib/dates';
import { formatLongDay } from './format';

interface DayStripProps {
  days: DayTimes[];
  chosen: string;
  today: string;
  onChoose: (date: string) => void;
  /** A closed day's own reason, when it is not the usual one (the minimum notice). */
  closedLabel?: (day: DayTimes) => string | null;
}

/** Why a day has no free time, as the day strip and the day's list say it. */
export const CLOSED: Record<DayClosed, MessageKey> = {
  NOT_AVAILABLE: 'timePicker.closed.notAvailable',
  FULLY_BOOKED: 'timePicker.closed.fullyBooked',
};

function summary(t: Translate, day: DayTimes, closedLabel?: DayStripProps['closedLabel']) {
  if (day.closed) return closedLabel?.(day) ?? t(CLOSED[day.closed]);
  return t('timePicker.times', { count: day.starts.length });
}

/**
 * Scrolls the row sideways, and only the row, until `item` is in it. `scrollIntoView` would also
 * scroll the page to the row: on a phone whose screen ends above the picker (360×640), the page
 * jumped down to the day strip as the dashboard loaded.
 */
export function revealSideways(row: HTMLElement, item: HTMLElement) {
  const box = row.getBoundingClientRect();
  const { left, right } = item.getBoundingClientRect();
  if (left < box.left) row.scrollLeft -= box.left - left;
  else if (right > box.right) row.scrollLeft += right - box.right;
}

/**
 * The next four weeks, today first: a row that scrolls sideways on a phone and four rows of seven on a
 * wide screen. Days without a free time are greyed and say why; they can still be chosen, to read it.
 */
export function DayStrip({ days, chosen, today, onChoose, closedLabel }: DayStripProps) {
  const list = useRef<HTMLUListElement>(null);
  const t = useT();
  // The chosen day stays in sight when "Show that day" jumps weeks ahead in the sideways row. In the
  // next frame, when the browser lays the page out anyway: scrolling here would lay out the strip
  // inside the task that inserts it, a long task on a phone (issue 19).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const strip = list.current;
      const button = strip?.querySelector<HTMLElement>('[aria-pressed="true"]');
      if (strip && button) revealSideways(strip, button);
    });
    return () => cancelAnimationFrame(frame);
  }, [chosen]);

  return (
    <ul
      ref={list}
      aria-label={t('timePicker.days')}
      className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-2 lg:grid lg:grid-cols-7 lg:overflow-visible"
    >
      {days.map((day) => {
        const pressed = day.date === chosen;
        const closed = day.closed !== null;
        const weekday =
          day.date === today ? t('timePicker.today') : formatDate(day.date, { weekday: 'short' });
        const label = t('timePicker.dayLabel', {
          day: formatLongDay(day.date),
          summary: summary(t, day, closedLabel),
        });
        return (
          <li key={day.date} className="shrink-0 snap-start">
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={label}
              onClick={() => onChoose(day.date)}
              className={`flex min-h-20 w-[4.5rem] flex-col items-center justify-center rounded-lg border px-1 py-2 text-center lg:min-h-16 lg:py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 lg:w-full ${
                pressed
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : closed
                    ? 'border-slate-200 bg-slate-100 text-slate-600'
                    : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50'
              }`}
            >
              <span className="text-xs font-medium">{weekday}</span>
              <span className="text-lg leading-tight font-semibold">
                {formatDate(day.date, { day: 'numeric' })}
              </span>
              <span className="text-xs">{formatDate(day.date, { month: 'short' })}</span>
              <span
                className={`mt-0.5 text-xs ${pressed ? 'text-white' : closed ? 'text-slate-600' : 'text-brand-800'}`}
              >
                {summary(t, day, closedLabel)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
