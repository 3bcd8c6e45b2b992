import { useId, useState } from 'react';
import type { CalendarEvent } from '@sukoon/shared';
import { LoadError } from '../../components/ui/load-error';
import { SessionWhen } from '../../components/ui/session-when';
import { useT } from '../../i18n/i18n';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { AttendanceStatus } from './attendance-status';
import { sessionWho } from './session-lists';
import { TodayAttendanceBox, TodaySessionsSkeleton } from './attendance-frame';

// The tip lives with the frame the prerendered page draws.
export { AttendanceTip } from './attendance-frame';

/** How many entries the small-screen list shows before 'Show all' (specification, section 9). */
export const SMALL_SCREEN_ENTRIES = 3;

interface TodayAttendanceProps {
  /** Today's sessions, in time order. */
  sessions: CalendarEvent[];
  now: Date;
  timeZone: string;
  loading?: boolean;
  /** Whether the sessions were loaded once (a later refresh may still fail). */
  loaded?: boolean;
  /** Why the sessions could not be loaded (or refreshed); never shown as "No sessions today." */
  error?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * 'Today's Attendance (count)': who, when and Present / Absent / Not marked. A panel on large screens;
 * on a phone a collapsible list of the first 3, with a button for the rest.
 */
export function TodayAttendance({
  sessions,
  now,
  timeZone,
  loading,
  loaded = sessions.length > 0,
  error,
  onRetry,
  retrying,
}: TodayAttendanceProps) {
  const t = useT();
  const small = useMediaQuery(SMALL_SCREEN);
  const [expanded, setExpanded] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  // Not loaded, the count is unknown rather than 0.
  const failed = Boolean(error) && !loaded;
  const heading = failed
    ? t('attendance.today.title')
    : t('attendance.today.count', { count: sessions.length });
  const shown = small && !showAll ? sessions.slice(0, SMALL_SCREEN_ENTRIES) : sessions;
  const hidden = sessions.length - shown.length;

  return (
    <TodayAttendanceBox
      label={heading}
      heading={
        small ? (
          <h2 className="text-base font-semibold text-slate-900">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded((open) => !open)}
              className="-m-1 flex w-[calc(100%+0.5rem)] items-center justify-between gap-2 rounded-lg p-1 text-left focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {heading}
              <span aria-hidden="true" className="text-sm text-slate-500">
                {t(expanded ? 'attendance.today.hide' : 'attendance.today.show')}
              </span>
            </button>
          </h2>
        ) : (
          <h2 className="text-base font-semibold text-slate-900">{heading}</h2>
        )
      }
    >
      {(!small || expanded) && (
        <div id={listId} className="mt-3">
          {loading ? (
            <TodaySessionsSkeleton />
          ) : failed ? (
            <LoadError
              message={t('attendance.today.loadFailed', { error: error ?? '' })}
              onRetry={onRetry}
              retrying={retrying}
            />
          ) : (
            <>
              {error && (
                <LoadError
                  className="mb-2"
                  message={t('attendance.today.refreshFailed', { error })}
                  onRetry={onRetry}
                  retrying={retrying}
                />
              )}
              {sessions.length === 0 ? (
                <p className="text-sm text-slate-600">{t('attendance.today.none')}</p>
              ) : (
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
                  {shown.map((event) => (
                    <li
                      key={event.id}
                      className="flex items-center justify-between gap-2 rounded-lg border border-slate-100 bg-slate-50 px-3 py-2"
                    >
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium text-slate-900">
                          {sessionWho(event)}
                        </p>
                        <p className="text-xs text-slate-600">
                          <SessionWhen
                            startDate={event.startDate}
                            endDate={event.endDate}
                            timeZone={timeZone}
                          />
                        </p>
                      </div>
                      <AttendanceStatus event={event} now={now} />
                    </li>
                  ))}
                </ul>
              )}
              {small && sessions.length > SMALL_SCREEN_ENTRIES && (
                <button
                  type="button"
                  onClick={() => setShowAll((all) => !all)}
                  className="mt-2 rounded-md px-1.5 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {showAll
                    ? t('attendance.today.showFewer')
                    : t('attendance.today.showAll', { count: sessions.length, hidden })}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </TodayAttendanceBox>
  );
}
