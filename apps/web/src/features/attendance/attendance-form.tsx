import { useEffect, useId, useState } from 'react';
import {
  ATTENDANCE_NOTES_MAX_LENGTH,
  AttendanceBody,
  canMarkAttendance,
  type CalendarEvent,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import { formatSessionDay, formatInZone } from '../../lib/dates';
import { useMarkAttendance } from './attendance-api';
import { FIELD_CLASS } from '../../components/ui/field-class';

interface AttendanceFormProps {
  event: CalendarEvent;
  now: Date;
  timeZone: string;
  /** The server's answer after a change (the updated session). */
  onSaved?: (updated: CalendarEvent) => void;
  /** Whether the notes hold typing not saved yet, so a surrounding form can ask before closing. */
  onUnsavedChange?: (unsaved: boolean) => void;
}

const CHOICES = [
  { status: 'present', stored: 'attended', label: 'attendance.form.present', icon: '✓' },
  { status: 'absent', stored: 'canceled', label: 'attendance.form.absent', icon: '✗' },
] as const;

/** The status a session keeps when only its notes are saved. */
const KEEP = { scheduled: 'scheduled', attended: 'present', canceled: 'absent' } as const;

/**
 * Marks a started session Present or Absent with notes (at most 500 characters, counted live), or
 * resets it to scheduled; Save notes keeps the status and saves the notes alone. Before the session
 * starts it says when it can be marked.
 */
export function AttendanceForm({
  event,
  now,
  timeZone,
  onSaved,
  onUnsavedChange,
}: AttendanceFormProps) {
  const t = useT();
  const [notes, setNotes] = useState(event.attendanceNotes ?? '');
  // What the server holds, as last answered: the row's snapshot may be refreshed only later.
  const [savedNotes, setSavedNotes] = useState(event.attendanceNotes ?? '');
  const [savedStatus, setSavedStatus] = useState(event.attendanceStatus);
  // A refreshed row is the server's word too: it replaces the last answer when it changes.
  const [rowStatus, setRowStatus] = useState(event.attendanceStatus);
  if (rowStatus !== event.attendanceStatus) {
    setRowStatus(event.attendanceStatus);
    setSavedStatus(event.attendanceStatus);
  }
  const [saved, setSaved] = useState<MessageKey | null>(null);
  const mark = useMarkAttendance();
  const ids = { notes: useId(), counter: useId(), problem: useId() };
  const open = canMarkAttendance(event, now);
  // Counted as typed, so the counter moves with every key; the server trims and allows the same 500.
  const tooLong = notes.length > ATTENDANCE_NOTES_MAX_LENGTH;
  const busy = mark.isPending;
  // The server trims, so spaces around the text alone are nothing to save.
  const unsaved = notes.trim() !== savedNotes.trim();

  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);
  // Gone (the dialog or the row closed): nothing of this form is left unsaved.
  useEffect(() => () => onUnsavedChange?.(false), [onUnsavedChange]);

  // mutateAsync, not mutate's callbacks: a marked row may leave its tab (and unmount) before the
  // refreshed list arrives, and the box still has to hear about it.
  async function save(status: 'present' | 'absent' | 'scheduled', notesOnly = false) {
    const body: AttendanceBody =
      status === 'scheduled' && !notesOnly ? { status } : { status, notes };
    if (!AttendanceBody.safeParse(body).success) return;
    setSaved(null);
    try {
      const updated = await mark.mutateAsync({ id: event.id, body });
      const stored = updated.attendanceNotes ?? '';
      setSavedNotes(stored);
      setSavedStatus(updated.attendanceStatus);
      if (status === 'scheduled' && !notesOnly) setNotes(stored);
      setSaved(
        notesOnly
          ? 'attendance.form.notesSaved'
          : status === 'scheduled'
            ? 'attendance.form.wasReset'
            : status === 'present'
              ? 'attendance.form.markedPresent'
              : 'attendance.form.markedAbsent',
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
          {t('attendance.form.notYet', {
            time: formatInZone(start, timeZone, { hour: 'numeric', minute: '2-digit' }),
            day: formatSessionDay(start, timeZone),
          })}
        </p>
      )}
      <div>
        <div className="mb-1 flex items-baseline justify-between gap-2">
          <label htmlFor={ids.notes} className="text-sm font-medium text-slate-700">
            {t('attendance.form.notes')}{' '}
            <span className="font-normal text-slate-500">{t('field.optional')}</span>
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
          disabled={!open}
          // Read-only, not disabled, while saving: a disabled control would drop the focus.
          readOnly={busy}
          onChange={(change) => {
            setNotes(change.target.value);
            setSaved(null);
          }}
          rows={2}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${ids.counter} ${ids.problem}` : ids.counter}
          placeholder={t('attendance.form.placeholder')}
          className={`block min-h-16 ${FIELD_CLASS}`}
        />
        {tooLong && (
          <p id={ids.problem} role="alert" className="mt-1 text-xs font-medium text-red-700">
            {t('attendance.form.tooLong', { max: ATTENDANCE_NOTES_MAX_LENGTH })}
          </p>
        )}
        {/* Apart from the marking: it keeps the status and saves only the notes. */}
        <div className="mt-1.5 flex justify-end">
          <Button
            variant="secondary"
            disabled={!open || busy || tooLong || !unsaved}
            onClick={() => void save(KEEP[savedStatus], true)}
            className="min-h-9 px-3"
          >
            {t('attendance.form.saveNotes')}
          </Button>
        </div>
      </div>
      <div role="group" aria-label={t('attendance.form.group')} className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => {
          const current = savedStatus === choice.stored;
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
              {t(choice.label)}
            </Button>
          );
        })}
        {savedStatus !== 'scheduled' && (
          <Button
            variant="ghost"
            disabled={!open || busy}
            onClick={() => void save('scheduled')}
            className="min-h-9 px-3"
          >
            {t('attendance.form.reset')}
          </Button>
        )}
      </div>
      <p role="status" className="min-h-4 text-xs text-slate-600">
        {busy
          ? t('attendance.form.saving')
          : saved
            ? t(saved)
            : unsaved && open
              ? t('attendance.form.unsaved')
              : null}
      </p>
      {mark.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {mark.error.message}
        </p>
      )}
    </div>
  );
}
