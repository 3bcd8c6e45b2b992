import { useState } from 'react';
import type { CalendarEvent, DayPart } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import type { useToggleDay, useToggleSegment } from './api';
import { sessionsWithin } from './booked-sessions';
import type { BookedSessionsWarningProps } from './booked-sessions-warning';
import { formatDate } from './layout';

/** A change to availability that waits for the psychologist's answer to the warning. */
export type Warning = Omit<BookedSessionsWarningProps, 'timeZone' | 'onConfirm' | 'onCancel'> & {
  run: () => void;
};

/** The control named `label` in the calendar, to give focus back to once a warning closes. */
const controlNamed = (label: string) => () =>
  [...document.querySelectorAll<HTMLElement>('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === label,
  ) ?? null;

interface AvailabilityAsksOptions {
  ownEvents: CalendarEvent[];
  timeZone: string;
  now: Date;
  /** The displayed week: what "all week" means. */
  week: string[];
  toggleDay: ReturnType<typeof useToggleDay>;
  toggleSegment: ReturnType<typeof useToggleSegment>;
}

/**
 * A psychologist's availability changes, asked first where they touch booked sessions: the
 * warning waiting for an answer (null when none), and the changes that may raise it.
 */
export function useAvailabilityAsks({
  ownEvents,
  timeZone,
  now,
  week,
  toggleDay,
  toggleSegment,
}: AvailabilityAsksOptions) {
  const t = useT();
  const [warning, setWarning] = useState<Warning | null>(null);

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

  return {
    warning,
    closeWarning: () => setWarning(null),
    toggleDayAsked,
    toggleDayPartAsked,
    bulkAsked,
  };
}
