import { useId, useMemo, type FormEvent, type RefObject } from 'react';
import {
  DESCRIPTION_MAX_LENGTH,
  EventFormText,
  MEETING_LINK_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  WORKING_DAY_END_MINUTE,
  clampCompleteStart,
  clampStartMinute,
  fromClockParts,
  isBookableStartMinute,
  localDateOf,
  localMinuteOf,
  toClockParts,
  zonedInstant,
  type ClockParts,
  type EventColor,
  type SessionDuration,
} from '@sukoon/shared';
import { useSchemaForm, type ProblemsAt, type Shown } from '../../components/form/use-schema-form';
import { useT } from '../../i18n/i18n';
import type { ProblemsOf } from '../../i18n/shared-words';
import { formatMinuteLabel } from '../../lib/dates';

/** What the form hands back: the session's start and length and its details. */
export interface EventFormValues {
  title: string;
  description: string;
  meetingLink: string;
  start: Date;
  durationMinutes: SessionDuration;
  color: EventColor;
}

export type EventFormInitial = Partial<EventFormValues> & {
  start: Date;
  durationMinutes: SessionDuration;
};

/** The form's own copy: the text as typed, the date and time part by part as picked. */
export interface EventFields {
  title: string;
  description: string;
  meetingLink: string;
  startDate: string;
  endDate: string;
  clock: ClockParts;
  duration: SessionDuration;
  color: EventColor;
}

type EventProblemKey = 'title' | 'description' | 'meetingLink' | 'startDate' | 'endDate' | 'time';

/** The name's and Problems Facing's objections: empty, or over the limit. */
const TEXT_PROBLEMS: Record<'title' | 'description' | 'meetingLink', ProblemsOf> = {
  title: () => ({
    tooBig: { key: 'booking.problem.titleTooLong', values: { max: TITLE_MAX_LENGTH } },
    general: { key: 'booking.problem.titleRequired' },
  }),
  description: () => ({
    tooBig: {
      key: 'booking.problem.descriptionTooLong',
      values: { max: DESCRIPTION_MAX_LENGTH },
    },
    general: { key: 'booking.problem.descriptionRequired' },
  }),
  // The shared MeetingLink's checks: too long, not https://, else empty.
  meetingLink: () => ({
    tooBig: {
      key: 'booking.problem.meetingLinkTooLong',
      values: { max: MEETING_LINK_MAX_LENGTH },
    },
    custom: { key: 'booking.problem.meetingLinkHttps' },
    general: { key: 'booking.problem.meetingLinkRequired' },
  }),
};

const problemsAt: ProblemsAt<EventProblemKey> = (path) => {
  const field = String(path[0]) as keyof typeof TEXT_PROBLEMS;
  return { at: field, problems: TEXT_PROBLEMS[field] ?? TEXT_PROBLEMS.title };
};

/** The id of the time's message, which the form scrolls to when nothing else is wrong. */
export const timeProblemId = (prefix: string) => `${prefix}time-error`;

interface EventFormOptions {
  /** The <form>: a refusal takes the focus to its first field with a problem. */
  formRef: RefObject<HTMLFormElement | null>;
  initial: EventFormInitial;
  timeZone: string;
  /** Problems Facing is asked (a session with a patient). */
  withPatient: boolean;
  /** The meeting link is asked (a psychologist's form)... */
  asksLink: boolean;
  /** ...and refused empty (a saved event keeps one). */
  linkRequired: boolean;
  /** A session that may not move keeps its time as it is. */
  timeLocked: boolean;
  onValid: (values: EventFormValues) => void;
}

/**
 * The event form's values and checks: the words by the shared schema, the dates and the time by the
 * form's own rules (past dates, one day, a start the working day can book, clamped to the nearest
 * one that can, shown before it is used).
 */
export function useEventForm(options: EventFormOptions) {
  const { initial, timeZone, withPatient, timeLocked } = options;
  const t = useT();
  const prefix = `${useId()}-`;
  const today = localDateOf(new Date(), timeZone);
  const initialDate = localDateOf(initial.start, timeZone);
  // Otherwise the form opens on a bookable start.
  const initialMinute = timeLocked
    ? localMinuteOf(initial.start, timeZone)
    : clampStartMinute(localMinuteOf(initial.start, timeZone), initial.durationMinutes);
  const start: EventFields = {
    title: initial.title ?? '',
    description: initial.description ?? '',
    meetingLink: initial.meetingLink ?? '',
    startDate: initialDate,
    endDate: initialDate,
    clock: toClockParts(initialMinute),
    duration: initial.durationMinutes,
    color: initial.color ?? 'blue',
  };
  const schema = useMemo(
    () =>
      withPatient
        ? EventFormText.partial({ meetingLink: true })
        : EventFormText.omit({ description: true }).partial({ meetingLink: true }),
    [withPatient],
  );
  const form = useSchemaForm<EventFields, { title: string; description?: string }, EventProblemKey>(
    {
      initial: start,
      formRef: options.formRef,
      schema,
      problemsAt,
      idPrefix: prefix,
      // The time itself has nothing left to fix: its message is what to read.
      onNothingToFocus: () =>
        document.getElementById(timeProblemId(prefix))?.scrollIntoView?.({ block: 'center' }),
    },
  );
  const { values } = form;

  const startMinute = fromClockParts(values.clock.hour, values.clock.minute, values.clock.period);
  const bookable = timeLocked || isBookableStartMinute(startMinute, values.duration);
  // Where Book Event moves a start that cannot be booked: the nearest one that can.
  const clampedStart = clampCompleteStart(values.clock, values.duration) ?? startMinute;
  const endMinute = Math.min(startMinute + values.duration, WORKING_DAY_END_MINUTE);
  const dirty =
    (
      ['title', 'description', 'meetingLink', 'startDate', 'endDate', 'duration', 'color'] as const
    ).some((name) => values[name] !== start[name]) || startMinute !== initialMinute;

  /** One part picked: kept as chosen. Clamping it alone (3, then PM) made 8:59 PM of 3:00 PM. */
  function setClock(part: Partial<ClockParts>) {
    form.set('clock', { ...values.clock, ...part }, 'time');
  }

  /** A new start date takes the end date with it while they were the same day (or it is before). */
  function setStartDate(date: string) {
    form.setValues((current) => ({
      ...current,
      startDate: date,
      endDate:
        current.endDate < date || current.endDate === current.startDate ? date : current.endDate,
    }));
    form.clear('startDate', 'endDate');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const own: Shown<EventProblemKey> = {};
    // Past dates cannot be picked; an existing session's own date (one already held) is kept.
    if (values.startDate < today && values.startDate !== initialDate) {
      own.startDate = t('booking.problem.pastDate');
    }
    if (values.endDate < values.startDate) own.endDate = t('booking.problem.endBeforeStart');
    else if (values.endDate !== values.startDate) own.endDate = t('booking.problem.endOtherDay');
    if (!bookable) {
      // The complete time, clamped to the nearest start that can be booked, shown before it is used.
      form.setValues((current) => ({ ...current, clock: toClockParts(clampedStart) }));
      own.time = t(
        startMinute < clampedStart
          ? 'booking.problem.movedEarliest'
          : 'booking.problem.movedLatest',
        { time: formatMinuteLabel(clampedStart), duration: values.duration },
      );
    }
    // A new event may leave its link empty: Profile's Meeting links setting makes one.
    const checksLink =
      options.asksLink && (options.linkRequired || values.meetingLink.trim() !== '');
    const text = form.check(
      {
        title: values.title,
        description: values.description,
        ...(checksLink ? { meetingLink: values.meetingLink } : {}),
      },
      own,
    );
    if (text === null) return;
    options.onValid({
      title: text.title,
      // Kept as it was on a psychologist's own event, which does not show it.
      description: withPatient ? (text.description ?? '') : (initial.description ?? ''),
      meetingLink: values.meetingLink.trim(),
      start: zonedInstant(values.startDate, startMinute, timeZone),
      durationMinutes: values.duration,
      color: values.color,
    });
  }

  return {
    form,
    prefix,
    today,
    dirty,
    startMinute,
    bookable,
    clampedStart,
    endMinute,
    setClock,
    setStartDate,
    submit,
  };
}

export type EventForm = ReturnType<typeof useEventForm>;
