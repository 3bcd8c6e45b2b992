import { useId, useState } from 'react';
import {
  ATTENDANCE_NOTES_MAX_LENGTH,
  ATTENDANCE_NOTES_TOO_LONG,
  AttendanceBody,
  canMarkAttendance,
  type CalendarEvent,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { formatSessionDay, formatInZone } from '../../lib/dates';
import { useMarkAttendance } from './attendance-api';

interface AttendanceFormProps {
  event: CalendarEvent;
  now: Date;
  timeZone: string;
  /** The server's answer after a change (the updated session). */
  onSaved?: (updated: CalendarEvent) => void;
}

const CHOICES = [
  { status: 'present', stored: 'attended', label: 'Present', icon: '✓' },
  { status: 'absent', stored: 'canceled', label: 'Absent', icon: '✗' },
] as const;

/**
 * Marks a started session Present or Absent with notes (at most 500 characters, counted live), or
 * resets it to scheduled. Before the session starts it says when it can be marked.
 */
export function AttendanceForm({ event, now, timeZone, onSaved }: AttendanceFormProps) {
  const [notes, setNotes] = useState(event.attendanceNotes ?? '');
  const [saved, setSaved] = useState<string | null>(null);
  const mark = useMarkAttendance();
  const ids = { notes: useId(), counter: useId(), problem: useId() };
  const open = canMarkAttendance(event, now);
  // Counted as typed, so the counter moves with every key; the server trims and allows the same 500.
  const tooLong = notes.length > ATTENDANCE_NOTES_MAX_LENGTH;
  const busy = mark.isPending;

  // mutateAsync, not mutate's callbacks: a marked row may leave its tab (and unmount) before the
  // refreshed list arrives, and the box still has to hear about it.
  async function save(status: 'present' | 'absent' | 'scheduled') {
    const body: AttendanceBody = status === 'scheduled' ? { status } : { status, notes };
    if (!AttendanceBody.safeParse(body).success) return;
    setSaved(null);
    try {
      const updated = await mark.mutateAsync({ id: event.id, body });
      if (status === 'scheduled') setNotes(updated.attendanceNotes ?? '');
      setSaved(
        status === 'scheduled'
          ? 'Reset to scheduled.'
          : `Marked ${status === 'present' ? 'Present' : 'Absent'}.`,
      );
      onSaved?.(updated);
    } catch {
      // The refusal is shown from mark.error.
    }
  }

  const start = new Date(event.startDate);
  return (
    <div className="flex flex-col gap-2">
      {!open && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Attendance can be marked once the session has started, from{' '}
          {formatInZone(start, timeZone, { hour: 'numeric', minute: '2-digit' })} on{' '}
          {formatSessionDay(start, timeZone)}.
        </p>
      )}
      <div>
        <div className="mb-1 flex items-baseline justify-between gap-2">
          <label htmlFor={ids.notes} className="text-sm font-medium text-slate-700">
            Notes <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <span
            id={ids.counter}
            className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700' : 'text-slate-500'}`}
          >
            {notes.length}/{ATTENDANCE_NOTES_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={ids.notes}
          value={notes}
          disabled={!open || busy}
          onChange={(change) => {
            setNotes(change.target.value);
            setSaved(null);
          }}
          rows={2}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${ids.counter} ${ids.problem}` : ids.counter}
          placeholder="Only you can see these notes"
          className="block min-h-16 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500 sm:text-sm"
        />
        {tooLong && (
          <p id={ids.problem} role="alert" className="mt-1 text-xs font-medium text-red-700">
            {ATTENDANCE_NOTES_TOO_LONG}
          </p>
        )}
      </div>
      <div role="group" aria-label="Mark attendance" className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => {
          const current = event.attendanceStatus === choice.stored;
          return (
            <Button
              key={choice.status}
              variant={current ? (choice.status === 'present' ? 'primary' : 'danger') : 'secondary'}
              aria-pressed={current}
              disabled={!open || busy || tooLong}
              onClick={() => void save(choice.status)}
              className="min-h-9 px-3"
            >
              <span aria-hidden="true">{choice.icon}</span>
              {choice.label}
            </Button>
          );
        })}
        {event.attendanceStatus !== 'scheduled' && (
          <Button
            variant="ghost"
            disabled={!open || busy}
            onClick={() => void save('scheduled')}
            className="min-h-9 px-3"
          >
            Reset to scheduled
          </Button>
        )}
      </div>
      <p role="status" className="min-h-4 text-xs text-slate-600">
        {busy ? 'Saving...' : saved}
      </p>
      {mark.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {mark.error.message}
        </p>
      )}
    </div>
  );
}
