import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DESCRIPTION_MAX_LENGTH,
  EVENT_COLORS,
  MEETING_LINK_MAX_LENGTH,
  MeetingLink,
  SESSION_DURATIONS,
  TITLE_MAX_LENGTH,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  clampCompleteStart,
  clampStartMinute,
  fromClockParts,
  isBookableStartMinute,
  latestStartMinute,
  localDateOf,
  localMinuteOf,
  toClockParts,
  zonedInstant,
  type ClockParts,
  type EventColor,
  type Role,
  type SessionDuration,
} from '@sukoon/shared';
import {
  AddToCalendarLinks,
  sessionTemplateEvent,
} from '../../components/ui/add-to-calendar-links';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { JOIN_LINK_CLASS, JoinSessionLink } from '../../components/ui/join-session-link';
import { Modal } from '../../components/ui/modal';
import { formatMinuteLabel, zoneLabel } from '../../lib/dates';
import { meetingHref } from '../../lib/links';
import { useNow } from '../../lib/use-now';
import { formatRupees } from '../../lib/money';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { ConfirmCloseDialog } from './confirm-close-dialog';
import { DIALOG_ACTIONS } from './dialog-actions';

/** What the form offers a section shown under it that saves on its own (Patient Attendance). */
export interface FormExtraContext {
  /** The section holds typing not saved yet (or no longer): closing then asks first. */
  onUnsavedChange: (unsaved: boolean) => void;
  /** The form or the section holds changes not saved yet. */
  unsaved: boolean;
  /** Closes the form (a section that hands over to another dialog, as Reschedule does). */
  close: () => void;
}

/** What the form hands back: the session's start and length and its details. */
export interface EventFormValues {
  title: string;
  description: string;
  meetingLink: string;
  start: Date;
  durationMinutes: SessionDuration;
  color: EventColor;
}

interface EventFormDialogProps {
  open: boolean;
  role: Role;
  /** 'Add Event' for a new one; 'Edit Event' for a psychologist's existing event. */
  mode: 'add' | 'edit';
  timeZone: string;
  initial: Partial<EventFormValues> & { start: Date; durationMinutes: SessionDuration };
  /** The fee in rupees for each length (patients only). */
  feeFor?: (duration: SessionDuration) => number;
  /** Shown above the buttons: the server's answer when it refused (slot taken, ...). */
  serverError?: string | null;
  busy?: boolean;
  /** A psychologist editing a session they may not move (a patient's paid booking). */
  timeLocked?: boolean;
  /**
   * A psychologist's event with a patient (their booking). Problems Facing is the patient's to tell,
   * so a psychologist's own event does not ask for it. A patient's form always has it.
   */
  withPatient?: boolean;
  /**
   * A section shown under the form's fields when a psychologist edits an existing event (Patient
   * Attendance). It is outside the <form>: it saves on its own and never submits the event.
   */
  extra?: ((context: FormExtraContext) => ReactNode) | undefined;
  onSubmit: (values: EventFormValues) => void;
  onClose: () => void;
}

const COLOR_LABEL: Record<EventColor, MessageKey> = {
  blue: 'booking.color.blue',
  red: 'booking.color.red',
  green: 'booking.color.green',
  yellow: 'booking.color.yellow',
};
const COLOR_SWATCH: Record<EventColor, string> = {
  blue: 'bg-blue-500',
  red: 'bg-red-500',
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
};
const HOURS = Array.from({ length: 12 }, (_, index) => index + 1);
const MINUTES = Array.from({ length: 60 }, (_, index) => index);
const FIELD =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 sm:text-sm';
const SELECT =
  'rounded-lg border border-slate-300 bg-white px-2 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 sm:text-sm';

/** Characters typed against a field's limit ("120 / 2000"), and by how many it is over. */
function CharacterCount({ id, value, max }: { id: string; value: string; max: number }) {
  // Counted as the server counts: it trims first.
  const t = useT();
  const length = value.trim().length;
  const over = length - max;
  return (
    <p
      id={id}
      className={`mt-1 text-right text-xs tabular-nums ${over > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}`}
    >
      {length} / {max}
      {over > 0 && <span role="status"> {t('field.overLimit', { count: over })}</span>}
    </p>
  );
}

/**
 * A field's label, with a mark when the form refuses the field empty: the mark is for the eye, and
 * the field itself tells a screen reader (`aria-required`).
 */
function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  // The mark is outside the <label>, so the field's name stays the label's words alone.
  return (
    <p className="mb-1 text-sm font-medium text-slate-700">
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      )}
    </p>
  );
}

/**
 * The meeting link's objection in the page's language: the shared schema's check (the same the
 * server makes), worded from the catalogue by what failed rather than from the schema's English.
 */
function meetingLinkProblem(t: Translate, code: string | undefined): string {
  if (code === 'too_big')
    return t('booking.problem.meetingLinkTooLong', { max: MEETING_LINK_MAX_LENGTH });
  if (code === 'custom') return t('booking.problem.meetingLinkHttps');
  return t('booking.problem.meetingLinkRequired');
}

/**
 * The Add Event modal (specification, section 2): title, Problems Facing (a session with a patient),
 * Meeting Link (psychologist), start/end dates with past dates disabled, start time clamped to the
 * working day, a read-only end time capped at 9:00 PM, the Session Fee (patient), colour, and Book
 * Event. Times are in the psychologist's zone, the same as the grid. Closing with unsaved changes asks
 * first. Text over a limit is kept as typed and counted, never cut.
 */
export function EventFormDialog(props: EventFormDialogProps) {
  const { open, role, mode, timeZone, initial, feeFor, serverError, busy, timeLocked } = props;
  const t = useT();
  const isPatient = role === 'patient';
  const withPatient = isPatient || props.withPatient === true;
  const now = useNow();
  const today = localDateOf(new Date(), timeZone);
  const initialDate = localDateOf(initial.start, timeZone);
  // A session that may not move keeps its time as it is; otherwise the form opens on a bookable start.
  const initialMinute = timeLocked
    ? localMinuteOf(initial.start, timeZone)
    : clampStartMinute(localMinuteOf(initial.start, timeZone), initial.durationMinutes);
  const initialClock = toClockParts(initialMinute);

  const [title, setTitle] = useState(initial.title ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const [meetingLink, setMeetingLink] = useState(initial.meetingLink ?? '');
  const [startDate, setStartDate] = useState(initialDate);
  const [endDate, setEndDate] = useState(initialDate);
  // The pickers hold what the person chose, part by part; only the complete time is clamped (on Book).
  const [clock, setClockParts] = useState<ClockParts>(initialClock);
  const [duration, setDuration] = useState<SessionDuration>(initial.durationMinutes);
  const [color, setColor] = useState<EventColor>(initial.color ?? 'blue');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Book or Save refused this many times: each takes the person to the first problem (below).
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // What Continue does in the confirm-close question: close, or save and then close.
  const [confirmClose, setConfirmClose] = useState<(() => void) | null>(null);
  const [extraUnsaved, setExtraUnsaved] = useState(false);
  const ids = {
    form: useId(),
    title: useId(),
    description: useId(),
    link: useId(),
    start: useId(),
    end: useId(),
    titleCount: useId(),
    descriptionCount: useId(),
    linkCount: useId(),
    timeHint: useId(),
  };

  const dirty =
    title !== (initial.title ?? '') ||
    description !== (initial.description ?? '') ||
    meetingLink !== (initial.meetingLink ?? '') ||
    startDate !== initialDate ||
    endDate !== initialDate ||
    fromClockParts(clock.hour, clock.minute, clock.period) !== initialMinute ||
    duration !== initial.durationMinutes ||
    color !== (initial.color ?? 'blue');

  const startMinute = fromClockParts(clock.hour, clock.minute, clock.period);
  const bookable = timeLocked === true || isBookableStartMinute(startMinute, duration);
  // Where Book Event moves a start that cannot be booked: the nearest one that can.
  const clampedStart = clampCompleteStart(clock, duration) ?? startMinute;
  const endMinute = Math.min(startMinute + duration, WORKING_DAY_END_MINUTE);
  const latest = formatMinuteLabel(latestStartMinute(duration));
  const opens = formatMinuteLabel(WORKING_DAY_START_MINUTE);
  const closes = formatMinuteLabel(WORKING_DAY_END_MINUTE);
  const fee = isPatient && feeFor ? feeFor(duration) : null;

  // Once the messages are drawn: to the first field with one, or else to the moved time's message
  // (the time itself has nothing left to fix).
  useEffect(() => {
    if (refused > 0 && !focusFirstProblem(formRef.current)) {
      document.getElementById('time-error')?.scrollIntoView?.({ block: 'center' });
    }
  }, [refused]);

  /** A field's message goes as soon as the person changes that field. */
  function clearError(...keys: string[]) {
    if (keys.some((key) => errors[key])) {
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))),
      );
    }
  }

  /** One part picked: kept as chosen. Clamping it alone (3, then PM) made 8:59 PM of 3:00 PM. */
  function setClock(part: Partial<ClockParts>) {
    clearError('time');
    setClockParts((current) => ({ ...current, ...part }));
  }

  function requestClose() {
    if ((dirty || extraUnsaved) && !busy) setConfirmClose(() => props.onClose);
    else if (!busy) props.onClose();
  }

  // A new event may leave its meeting link empty: the psychologist's Meeting links setting (Profile)
  // makes one, and the server says so when that setting is "I paste a link". A saved one keeps one.
  const linkRequired = mode === 'edit';

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = t('booking.problem.titleRequired');
    else if (title.trim().length > TITLE_MAX_LENGTH) {
      found.title = t('booking.problem.titleTooLong', { max: TITLE_MAX_LENGTH });
    }
    if (withPatient) {
      if (!description.trim()) found.description = t('booking.problem.descriptionRequired');
      else if (description.trim().length > DESCRIPTION_MAX_LENGTH) {
        found.description = t('booking.problem.descriptionTooLong', {
          max: DESCRIPTION_MAX_LENGTH,
        });
      }
    }
    if (!isPatient && (linkRequired || meetingLink.trim() !== '')) {
      const link = MeetingLink.safeParse(meetingLink);
      if (!link.success) found.meetingLink = meetingLinkProblem(t, link.error.issues[0]?.code);
    }
    // Past dates cannot be picked; an existing session's own date (one already held) is kept.
    if (startDate < today && startDate !== initialDate) {
      found.startDate = t('booking.problem.pastDate');
    }
    if (endDate < startDate) found.endDate = t('booking.problem.endBeforeStart');
    else if (endDate !== startDate) found.endDate = t('booking.problem.endOtherDay');
    if (!bookable) {
      // The complete time, clamped to the nearest start that can be booked, shown before it is used.
      setClockParts(toClockParts(clampedStart));
      found.time = t(
        startMinute < clampedStart
          ? 'booking.problem.movedEarliest'
          : 'booking.problem.movedLatest',
        { time: formatMinuteLabel(clampedStart), duration },
      );
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefused((count) => count + 1);
      return;
    }
    const values: EventFormValues = {
      title: title.trim(),
      // Kept as it was on a psychologist's own event, which does not show it.
      description: withPatient ? description.trim() : (initial.description ?? ''),
      meetingLink: meetingLink.trim(),
      start: zonedInstant(startDate, startMinute, timeZone),
      durationMinutes: duration,
      color,
    };
    // Saving closes the form, and Save Changes does not save the section's own typing (notes).
    if (extraUnsaved) setConfirmClose(() => () => props.onSubmit(values));
    else props.onSubmit(values);
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${key}-error`} className="mt-1 text-xs font-medium text-red-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => !next && requestClose()}
        title={t(mode === 'add' ? 'booking.addTitle' : 'booking.editTitle')}
        description={t('booking.zoneNote', { zone: zoneLabel(timeZone) })}
        focusDialogOnOpen={mode === 'edit'}
      >
        <div className="flex flex-col gap-4">
          <form
            ref={formRef}
            id={ids.form}
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-4"
          >
            <p className="-mb-2 text-xs text-slate-600">{t('booking.requiredNote')}</p>
            <div>
              <FieldLabel htmlFor={ids.title} required>
                {t('booking.field.title')}
              </FieldLabel>
              <input
                id={ids.title}
                className={FIELD}
                aria-required="true"
                value={title}
                onChange={(event) => {
                  setTitle(event.target.value);
                  clearError('title');
                }}
                aria-invalid={
                  errors.title || title.trim().length > TITLE_MAX_LENGTH ? true : undefined
                }
                aria-describedby={errors.title ? `title-error ${ids.titleCount}` : ids.titleCount}
                placeholder={t('booking.field.titlePlaceholder')}
              />
              <CharacterCount id={ids.titleCount} value={title} max={TITLE_MAX_LENGTH} />
              {fieldError('title')}
            </div>
            {withPatient && (
              <div>
                <FieldLabel htmlFor={ids.description} required>
                  {t('booking.field.description')}
                </FieldLabel>
                <textarea
                  id={ids.description}
                  className={`${FIELD} min-h-20`}
                  aria-required="true"
                  value={description}
                  onChange={(event) => {
                    setDescription(event.target.value);
                    clearError('description');
                  }}
                  aria-invalid={
                    errors.description || description.trim().length > DESCRIPTION_MAX_LENGTH
                      ? true
                      : undefined
                  }
                  aria-describedby={
                    errors.description
                      ? `description-error ${ids.descriptionCount}`
                      : ids.descriptionCount
                  }
                  placeholder={t('booking.field.descriptionPlaceholder')}
                />
                <CharacterCount
                  id={ids.descriptionCount}
                  value={description}
                  max={DESCRIPTION_MAX_LENGTH}
                />
                {fieldError('description')}
              </div>
            )}
            {!isPatient && (
              <div>
                <FieldLabel htmlFor={ids.link} required={linkRequired}>
                  {t('booking.field.meetingLink')}
                </FieldLabel>
                <input
                  id={ids.link}
                  type="url"
                  className={FIELD}
                  aria-required={linkRequired ? 'true' : undefined}
                  value={meetingLink}
                  onChange={(event) => {
                    setMeetingLink(event.target.value);
                    clearError('meetingLink');
                  }}
                  aria-invalid={errors.meetingLink ? true : undefined}
                  aria-describedby={
                    errors.meetingLink ? `meetingLink-error ${ids.linkCount}` : ids.linkCount
                  }
                  placeholder={t('booking.field.meetingLinkPlaceholder')}
                />
                <CharacterCount
                  id={ids.linkCount}
                  value={meetingLink}
                  max={MEETING_LINK_MAX_LENGTH}
                />
                {mode === 'add' && (
                  <p className="text-xs text-slate-600">{t('booking.field.meetingLinkHint')}</p>
                )}
                {fieldError('meetingLink')}
                {mode === 'edit' && (
                  // The saved link, from 10 minutes before the start until the end.
                  <JoinSessionLink
                    meetingLink={initial.meetingLink}
                    start={initial.start}
                    end={new Date(initial.start.getTime() + initial.durationMinutes * 60_000)}
                    now={now}
                    name={
                      withPatient
                        ? t('booking.thisSession')
                        : (initial.title ?? t('booking.thisSession'))
                    }
                    className={`${JOIN_LINK_CLASS} mt-2`}
                  />
                )}
              </div>
            )}

            <div className="grid grid-cols-2 gap-3">
              <div>
                <label
                  htmlFor={ids.start}
                  className="mb-1 block text-sm font-medium text-slate-700"
                >
                  {t('booking.field.startDate')}
                </label>
                <input
                  id={ids.start}
                  type="date"
                  className={FIELD}
                  aria-invalid={errors.startDate ? true : undefined}
                  aria-describedby={errors.startDate ? 'startDate-error' : undefined}
                  min={today}
                  value={startDate}
                  disabled={timeLocked}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (!value) return;
                    setStartDate(value);
                    clearError('startDate', 'endDate');
                    if (endDate < value || endDate === startDate) setEndDate(value);
                  }}
                />
                {fieldError('startDate')}
              </div>
              <div>
                <label htmlFor={ids.end} className="mb-1 block text-sm font-medium text-slate-700">
                  {t('booking.field.endDate')}
                </label>
                <input
                  id={ids.end}
                  type="date"
                  className={FIELD}
                  aria-invalid={errors.endDate ? true : undefined}
                  aria-describedby={errors.endDate ? 'endDate-error' : undefined}
                  min={startDate < today ? today : startDate}
                  value={endDate}
                  disabled={timeLocked}
                  onChange={(event) => {
                    if (!event.target.value) return;
                    setEndDate(event.target.value);
                    clearError('endDate');
                  }}
                />
                {fieldError('endDate')}
              </div>
            </div>

            <fieldset disabled={timeLocked}>
              <legend className="mb-1 text-sm font-medium text-slate-700">
                {t('booking.field.duration')}
              </legend>
              <div className="flex gap-2">
                {SESSION_DURATIONS.map((option) => (
                  <label
                    key={option}
                    className={`flex flex-1 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-700 ${duration === option ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-slate-300 text-slate-700'}`}
                  >
                    <input
                      type="radio"
                      name="duration"
                      className="sr-only"
                      checked={duration === option}
                      onChange={() => {
                        setDuration(option);
                        clearError('time');
                      }}
                    />
                    {t('booking.field.minutes', { minutes: option })}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_1fr]">
              <fieldset disabled={timeLocked} aria-describedby={ids.timeHint}>
                <legend className="mb-1 text-sm font-medium text-slate-700">
                  {t('booking.field.startTime')}
                </legend>
                <div className="flex items-center gap-1">
                  <select
                    aria-label={t('booking.field.startHour')}
                    className={SELECT}
                    value={clock.hour}
                    onChange={(event) => setClock({ hour: Number(event.target.value) })}
                  >
                    {HOURS.map((hour) => (
                      <option key={hour} value={hour}>
                        {hour}
                      </option>
                    ))}
                  </select>
                  <span aria-hidden="true">:</span>
                  <select
                    aria-label={t('booking.field.startMinute')}
                    className={SELECT}
                    value={clock.minute}
                    onChange={(event) => setClock({ minute: Number(event.target.value) })}
                  >
                    {MINUTES.map((minute) => (
                      <option key={minute} value={minute}>
                        {String(minute).padStart(2, '0')}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label={t('booking.field.period')}
                    className={SELECT}
                    value={clock.period}
                    onChange={(event) => setClock({ period: event.target.value as 'AM' | 'PM' })}
                  >
                    <option value="AM">{t('booking.field.am')}</option>
                    <option value="PM">{t('booking.field.pm')}</option>
                  </select>
                </div>
              </fieldset>
              <div>
                <span className="mb-1 block text-sm font-medium text-slate-700" id="end-time-label">
                  {t('booking.field.endTime')}
                </span>
                <output
                  aria-labelledby="end-time-label"
                  className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-base text-slate-800 sm:text-sm"
                >
                  {formatMinuteLabel(endMinute)}
                </output>
              </div>
            </div>
            <p id={ids.timeHint} aria-live="polite" className="-mt-2 text-xs text-slate-600">
              {bookable ? (
                t('booking.timeHint', { duration, opens, latest, closes })
              ) : (
                <span className="font-medium text-amber-800">
                  {t('booking.timeOutside', {
                    time: formatMinuteLabel(startMinute),
                    duration,
                    opens,
                    latest,
                    moved: formatMinuteLabel(clampedStart),
                  })}
                </span>
              )}
            </p>
            {fieldError('time')}

            {fee !== null && (
              <div className="flex items-center justify-between rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
                <span className="text-sm font-medium text-brand-800">{t('booking.fee')}</span>
                <span className="text-lg font-semibold text-brand-800">{formatRupees(fee)}</span>
              </div>
            )}

            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">
                {t('booking.field.colour')}
              </legend>
              <div className="flex flex-wrap gap-2">
                {EVENT_COLORS.map((option) => (
                  <label
                    key={option}
                    className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-700 ${color === option ? 'border-slate-800 font-semibold' : 'border-slate-300'}`}
                  >
                    <input
                      type="radio"
                      name="color"
                      className="sr-only"
                      checked={color === option}
                      onChange={() => setColor(option)}
                    />
                    <span
                      aria-hidden="true"
                      className={`size-3 rounded-full ${COLOR_SWATCH[option]}`}
                    />
                    {t(COLOR_LABEL[option])}
                  </label>
                ))}
              </div>
            </fieldset>
          </form>

          {props.extra?.({
            onUnsavedChange: setExtraUnsaved,
            unsaved: dirty || extraUnsaved,
            close: props.onClose,
          })}

          {mode === 'edit' && (
            // The session as it is saved: a patient's session without their words (as the feed).
            <AddToCalendarLinks
              name={t('booking.thisSession')}
              event={sessionTemplateEvent(
                {
                  title: withPatient
                    ? t('booking.calendarTitle', { minutes: initial.durationMinutes })
                    : (initial.title ?? t('booking.calendarTitleOwn')),
                  start: initial.start,
                  end: new Date(initial.start.getTime() + initial.durationMinutes * 60_000),
                  meetingLink: meetingHref(initial.meetingLink),
                },
                t,
              )}
            />
          )}

          {serverError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {serverError}
            </p>
          )}
          <div
            className={`${DIALOG_ACTIONS} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}
          >
            <Button type="button" variant="secondary" onClick={requestClose} disabled={busy}>
              {t('booking.cancel')}
            </Button>
            <Button type="submit" form={ids.form} disabled={busy}>
              {busy
                ? t('booking.saving')
                : fee !== null
                  ? t('booking.bookWithFee', { fee: formatRupees(fee) })
                  : t(mode === 'add' ? 'booking.book' : 'booking.save')}
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmCloseDialog
        open={confirmClose !== null}
        onCancel={() => setConfirmClose(null)}
        onContinue={() => {
          setConfirmClose(null);
          confirmClose?.();
        }}
      />
    </>
  );
}
