import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MEETING_LINK_MAX_LENGTH, MeetingLinkBody, type CalendarEvent } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { meetingHref } from '../../lib/links';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { useSaveMeetingLink } from './attendance-api';
import { FIELD_CLASS } from '../../components/ui/field-class';

interface MeetingLinkEditorProps {
  event: CalendarEvent;
  onSaved?: (updated: CalendarEvent) => void;
}

/**
 * Why a link was refused, in the page's language: the shared rule's checks (the server makes the
 * same), worded from the catalogue by what failed (zod's issue code) rather than from its English.
 */
function problemText(t: Translate, code: string | undefined): string {
  if (code === 'too_big') return t('meetingLink.problem.tooLong', { max: MEETING_LINK_MAX_LENGTH });
  if (code === 'custom') return t('meetingLink.problem.https');
  return t('meetingLink.problem.required');
}

/**
 * A session's meeting link, with an inline form to add or update it (https:// only, the shared rule).
 * The server emails the patient when the link is set or changed.
 */
export function MeetingLinkEditor({ event, onSaved }: MeetingLinkEditorProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Save refused this many times: each takes the person back to the link, once its message is drawn.
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<MessageKey | null>(null);
  const save = useSaveMeetingLink();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const ids = { input: useId(), problem: useId() };
  const href = meetingHref(event.meetingLink);
  const toggleText = t(event.meetingLink ? 'meetingLink.update' : 'meetingLink.add');

  // Back from the form, focus returns to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) toggleRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  useEffect(() => {
    if (refused > 0) focusFirstProblem(formRef.current);
  }, [refused]);

  function start() {
    setValue(event.meetingLink ?? '');
    setProblem(null);
    setSaved(null);
    save.reset();
    setEditing(true);
  }

  function submit(form: FormEvent) {
    form.preventDefault();
    const body = MeetingLinkBody.safeParse({ meetingLink: value });
    if (!body.success) {
      setProblem(problemText(t, body.error.issues[0]?.code));
      setRefused((count) => count + 1);
      return;
    }
    void save
      .mutateAsync({ id: event.id, body: body.data })
      .then((updated) => {
        setEditing(false);
        setSaved(event.patientId ? 'meetingLink.savedEmailed' : 'meetingLink.saved');
        onSaved?.(updated);
      })
      // The refusal is shown from save.error.
      .catch(() => undefined);
  }

  if (editing) {
    return (
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        onKeyDown={(key) => {
          if (key.key === 'Escape' && !save.isPending) {
            key.stopPropagation();
            setEditing(false);
          }
        }}
        className="flex flex-col gap-1.5"
      >
        <label htmlFor={ids.input} className="text-sm font-medium text-slate-700">
          {t('meetingLink.label')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={ids.input}
            type="url"
            inputMode="url"
            autoFocus
            value={value}
            onChange={(change) => {
              setValue(change.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
            placeholder={t('meetingLink.placeholder')}
            className={`min-w-0 flex-1 basis-48 ${FIELD_CLASS}`}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending} className="min-h-9 px-3">
              {t(save.isPending ? 'meetingLink.saving' : 'meetingLink.save')}
            </Button>
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => setEditing(false)}
              className="min-h-9 px-3"
            >
              {t('meetingLink.cancel')}
            </Button>
          </div>
        </div>
        {problem && (
          <p id={ids.problem} className="text-xs font-medium text-red-700">
            {problem}
          </p>
        )}
        {save.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {save.error.message}
          </p>
        )}
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-slate-500">{t('meetingLink.link')}</span>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 max-w-full truncate font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {href}
          </a>
        ) : (
          <span className="text-slate-600">{event.meetingLink ?? t('meetingLink.none')}</span>
        )}
        <button
          ref={toggleRef}
          type="button"
          onClick={start}
          aria-label={t(event.meetingLink ? 'meetingLink.updateFor' : 'meetingLink.addFor', {
            name: event.patientName ?? event.title,
          })}
          className="rounded-md px-1.5 py-0.5 text-sm font-medium text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {toggleText}
        </button>
      </div>
      {saved && (
        <p role="status" className="text-xs text-green-800">
          {t(saved)}
        </p>
      )}
    </div>
  );
}
