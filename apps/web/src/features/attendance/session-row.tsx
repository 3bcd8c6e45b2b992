import { Suspense, useId, useState } from 'react';
import { canMarkAttendance, type CalendarEvent } from '@sukoon/shared';
import { JoinSessionLink } from '../../components/ui/join-session-link';
import { SessionWhen } from '../../components/ui/session-when';
import { useI18n } from '../../i18n/i18n';
import { AttendanceForm } from './lazy-attendance-form';
import { AttendanceStatus } from './attendance-status';
import { MeetingLinkEditor } from './meeting-link-editor';
import { sessionWho } from './session-lists';

interface SessionRowProps {
  event: CalendarEvent;
  now: Date;
  timeZone: string;
  /** Attendance was saved (the list may move the session to another tab). */
  onMarked?: (updated: CalendarEvent) => void;
}

/**
 * One session in an attendance list: who and when, its attendance, Join (from 10 minutes before the
 * start until the end), its meeting link (editable) and, once it has started, a disclosure to mark it
 * Present or Absent with notes.
 */
export function SessionRow({ event, now, timeZone, onMarked }: SessionRowProps) {
  const { t, rich } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const who = sessionWho(event);
  const canMark = canMarkAttendance(event, now);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{who}</p>
          <p className="text-xs text-slate-600">
            <SessionWhen startDate={event.startDate} endDate={event.endDate} timeZone={timeZone} />
          </p>
          {event.patientName && <p className="truncate text-xs text-slate-500">{event.title}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <JoinSessionLink
            meetingLink={event.meetingLink}
            start={event.startDate}
            end={event.endDate}
            now={now}
            name={t('attendance.row.joinName', { who })}
          />
          <AttendanceStatus event={event} now={now} />
        </div>
      </div>
      <MeetingLinkEditor event={event} />
      {canMark ? (
        <div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((shown) => !shown)}
            onPointerEnter={() => void AttendanceForm.preload().catch(() => undefined)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
              ▸
            </span>
            {rich(
              event.attendanceStatus === 'scheduled'
                ? 'attendance.row.mark'
                : 'attendance.row.change',
              { who, sr: (chunks) => <span className="sr-only">{chunks}</span> },
            )}
          </button>
          {open && (
            <div id={panelId} className="mt-2">
              <Suspense
                fallback={
                  <p role="status" className="text-sm text-slate-600">
                    {t('attendance.loadingShort')}
                  </p>
                }
              >
                <AttendanceForm
                  event={event}
                  now={now}
                  timeZone={timeZone}
                  {...(onMarked ? { onSaved: onMarked } : {})}
                />
              </Suspense>
            </div>
          )}
        </div>
      ) : (
        <p className="text-xs text-slate-500">{t('attendance.row.notYet')}</p>
      )}
    </li>
  );
}
