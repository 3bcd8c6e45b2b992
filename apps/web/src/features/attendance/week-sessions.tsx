import { useId } from 'react';
import type { CalendarEvent } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { SessionRow } from './session-row';
import { weekSessions } from './session-lists';

interface WeekSessionsProps {
  dates: string[];
  events: CalendarEvent[];
  /** The week's sessions are on their way: neither a count nor "none" is known yet. */
  loading: boolean;
  timeZone: string;
  now: Date;
}

/**
 * Under the week grid: the displayed week's sessions, their attendance and meeting links. An h4: it
 * belongs under the calendar's week heading (h3).
 */
export function WeekSessions({ dates, events, loading, timeZone, now }: WeekSessionsProps) {
  const t = useT();
  const sessions = weekSessions(events, dates, timeZone);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {loading
          ? t('attendance.week.titleUnknown')
          : t('attendance.week.title', { count: sessions.length })}
      </h4>
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          {t('attendance.loading')}
        </p>
      ) : sessions.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          {t('attendance.week.none')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {sessions.map((event) => (
            <SessionRow key={event.id} event={event} now={now} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
