import { Suspense, useId, useState } from 'react';
import type { CalendarEvent } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { formatInZone } from '../../lib/dates';
import { AttendanceForm } from './lazy-attendance-form';
import { AttendanceStatus } from './attendance-status';

interface PatientAttendanceSectionProps {
  event: CalendarEvent;
  now: Date;
  timeZone: string;
  /** Notes typed and not saved yet (or no longer): the Edit Event form asks before closing. */
  onUnsavedChange?: (unsaved: boolean) => void;
}

/**
 * The Edit Event form's Patient Attendance section: the current status, when it was marked, and
 * Present / Absent / reset with notes, open once the session has started. It saves on its own, apart
 * from the form's Save Changes (Save notes for the notes alone), and reports notes not saved yet.
 * A psychologist's own event has no patient to attend: it shows nothing there.
 */
export function PatientAttendanceSection(props: PatientAttendanceSectionProps) {
  return props.event.patientId === null ? null : <AttendanceOfPatient {...props} />;
}

function AttendanceOfPatient({
  event,
  now,
  timeZone,
  onUnsavedChange,
}: PatientAttendanceSectionProps) {
  const t = useT();
  // The server's answer replaces the snapshot the form was opened with.
  const [current, setCurrent] = useState(event);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('attendance.section.title')}
        </h3>
        <AttendanceStatus event={current} now={now} />
      </div>
      <p className="-mt-2 text-xs text-slate-600">
        {t('attendance.section.note', {
          hasPatient: current.patientName ? 'yes' : 'no',
          patient: current.patientName ?? '',
          hasMarked: current.markedAt ? 'yes' : 'no',
          marked: current.markedAt
            ? formatInZone(new Date(current.markedAt), timeZone, {
                month: 'short',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
              })
            : '',
        })}
      </p>
      <Suspense
        fallback={
          <p role="status" className="text-sm text-slate-600">
            {t('attendance.loadingShort')}
          </p>
        }
      >
        <AttendanceForm
          event={current}
          now={now}
          timeZone={timeZone}
          onSaved={setCurrent}
          onUnsavedChange={onUnsavedChange}
        />
      </Suspense>
    </section>
  );
}
