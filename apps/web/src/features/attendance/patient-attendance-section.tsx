import { useId, useState } from 'react';
import type { CalendarEvent } from '@sukoon/shared';
import { formatInZone } from '../../lib/dates';
import { AttendanceForm } from './attendance-form';
import { AttendanceStatus } from './attendance-status';

interface PatientAttendanceSectionProps {
  event: CalendarEvent;
  now: Date;
  timeZone: string;
}

/**
 * The Edit Event form's Patient Attendance section: the current status, when it was marked, and
 * Present / Absent / reset with notes, open once the session has started. It saves on its own, apart
 * from the form's Save Changes.
 */
export function PatientAttendanceSection({ event, now, timeZone }: PatientAttendanceSectionProps) {
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
          Patient Attendance
        </h3>
        <AttendanceStatus event={current} now={now} />
      </div>
      <p className="-mt-2 text-xs text-slate-600">
        {current.patientName ? `With ${current.patientName}. ` : ''}
        {current.markedAt
          ? `Marked ${formatInZone(new Date(current.markedAt), timeZone, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}. `
          : ''}
        Saved as soon as you choose; notes are never shown to the patient.
      </p>
      <AttendanceForm event={current} now={now} timeZone={timeZone} onSaved={setCurrent} />
    </section>
  );
}
