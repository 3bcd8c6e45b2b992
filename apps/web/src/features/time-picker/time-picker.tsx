import { useMemo, type ReactNode } from 'react';
import {
  addIsoDays,
  DAY_PARTS,
  dayTimes,
  dayPartOfMinute,
  daysOfTimes,
  localDateOf,
  localMinuteOf,
  PICKER_DAYS,
  sameClockTime,
  SESSION_DURATIONS,
  sessionFeeInr,
  type AvailabilityFacts,
  type BookingPolicy,
  type DayPart,
  type DayTimes,
  type RatesInr,
  type SessionDuration,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, useT } from '../../i18n/i18n';
import { useTabState } from '../../lib/tab-state';
import { deviceTimeZone, formatClock, formatNextAvailable, zoneLabel } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { noticeText } from '../policy/notice-words';
import type { RescheduleMode } from '../../lib/reschedule-mode';
import { useNow } from '../../lib/use-now';
import { useAvailability } from '../calendar/api';
import { CLOSED, DayStrip } from './day-strip';
import { formatLongDay } from './format';

export interface PickerPsychologist extends RatesInr {
  id: string;
  timeZone: string;
  /** How soon and how far ahead patients book and the break after sessions (issue 18). */
  policy?: BookingPolicy | undefined;
}

/** A move to the session's own start at its own length is no move: that time is not offered. */
function withoutCurrentStart(
  day: DayTimes,
  mode: RescheduleMode | undefined,
  duration: SessionDuration,
): DayTimes {
  if (!mode || duration !== mode.durationMinutes) return day;
  const current = Date.parse(mode.current.startDate);
  const starts = day.starts.filter((start) => start.getTime() !== current);
  if (starts.length === day.starts.length) return day;
  return { ...day, starts, closed: starts.length > 0 ? null : 'FULLY_BOOKED' };
}

interface TimePickerProps {
  /** Undefined while the psychologist's record loads: the picker shows its skeleton. */
  psychologist: PickerPsychologist | undefined;
  /** A time was tapped: the app opens the Add Event form with this start and length. */
  onPick: (slot: { start: Date; durationMinutes: SessionDuration }) => void;
  reschedule?: RescheduleMode | undefined;
}

/** The session's own interval taken out of the busy times: it may move to overlap itself. */
function withoutOwnTime(facts: AvailabilityFacts, mode: RescheduleMode | undefined) {
  if (!mode) return facts;
  const start = Date.parse(mode.current.startDate);
  const end = Date.parse(mode.current.endDate);
  return {
    ...facts,
    busy: facts.busy.filter(
      (interval) => !(Date.parse(interval.start) === start && Date.parse(interval.end) === end),
    ),
  };
}

const PART_HEADINGS: Record<DayPart, MessageKey> = {
  morning: 'timePicker.part.morning',
  afternoon: 'timePicker.part.afternoon',
  evening: 'timePicker.part.evening',
};

/**
 * The patient's way to book (issue 17): a 20 / 45 minute switch with both fees, a strip of the next
 * four weeks' days and the chosen day's free start times as large buttons, grouped by day part. Every
 * time comes from the availability answer the calendar grid uses, through the shared rule
 * (`daysOfTimes`), so the picker offers exactly what the server accepts.
 */
export function TimePicker({ psychologist, onPick, reschedule }: TimePickerProps) {
  if (!psychologist) {
    return (
      <PickerFrame moving={reschedule !== undefined}>
        <PickerSkeleton />
      </PickerFrame>
    );
  }
  return <LoadedTimePicker psychologist={psychologist} onPick={onPick} reschedule={reschedule} />;
}

function LoadedTimePicker({
  psychologist,
  onPick,
  reschedule,
}: TimePickerProps & { psychologist: PickerPsychologist }) {
  const now = useNow();
  const t = useT();
  const { timeZone } = psychologist;
  const today = localDateOf(now, timeZone);
  const last = addIsoDays(today, PICKER_DAYS - 1);
  const availability = useAvailability(psychologist.id, today, last);
  // A new booking's length and day outlive a change of language or a reload (useTabState); a move
  // starts from the session's own length each time.
  const kept = reschedule ? null : `sukoon.picker.${psychologist.id}`;
  const [chosenDuration, setDuration] = useTabState<SessionDuration>(
    kept && `${kept}.length`,
    reschedule?.durationMinutes ?? 20,
    (stored) => (stored === 20 || stored === 45 ? stored : undefined),
  );
  const duration = reschedule && !reschedule.lengths ? reschedule.durationMinutes : chosenDuration;
  const policy = reschedule ? (reschedule.policy ?? undefined) : psychologist.policy;
  const [chosenDate, setChosenDate] = useTabState<string | null>(
    kept && `${kept}.day`,
    null,
    // Only a day still in the picker's four weeks.
    (stored) =>
      typeof stored === 'string' && stored >= today && stored <= last ? stored : undefined,
  );

  const loaded = availability.isPlaceholderData ? undefined : availability.data;
  const facts = useMemo(() => loaded && withoutOwnTime(loaded, reschedule), [loaded, reschedule]);
  const days = useMemo(
    () =>
      facts
        ? daysOfTimes(today, PICKER_DAYS, { durationMinutes: duration, now, facts, policy }).map(
            (day) => withoutCurrentStart(day, reschedule, duration),
          )
        : [],
    [facts, today, duration, now, policy, reschedule],
  );
  // A day closed only by the minimum notice says so ("Books 12 h ahead"), not "Not available".
  const noticeOnly = (day: DayTimes) =>
    policy !== undefined &&
    policy.minNoticeMinutes > 0 &&
    day.closed === 'NOT_AVAILABLE' &&
    facts !== undefined &&
    dayTimes(day.date, {
      durationMinutes: duration,
      now,
      facts,
      policy: { ...policy, minNoticeMinutes: 0 },
    }).starts.length > 0;
  const closedLabel = (day: DayTimes) =>
    day.closed && noticeOnly(day) && policy
      ? t('timePicker.closed.notice', { notice: noticeText(t, policy.minNoticeMinutes) })
      : null;
  const next = days.find((day) => day.starts.length > 0)?.starts[0] ?? null;
  const nextDate = next ? localDateOf(next, timeZone) : null;
  // Until the patient picks a day, the day of the next free time is shown (today when none).
  const shownDate = chosenDate ?? nextDate ?? today;
  const shown = days.find((day) => day.date === shownDate);

  return (
    <PickerFrame
      timeZone={timeZone}
      moving={reschedule !== undefined}
      lengthSwitch={
        reschedule && !reschedule.lengths ? (
          <p className="text-sm font-medium text-slate-700">
            {t('timePicker.sessionOf', { duration })}
          </p>
        ) : reschedule?.lengths ? (
          <DurationSwitch
            rates={reschedule.lengths.rates}
            value={duration}
            onChange={setDuration}
          />
        ) : (
          <DurationSwitch rates={psychologist} value={duration} onChange={setDuration} />
        )
      }
    >
      {availability.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {availability.error.message}
        </p>
      ) : !facts ? (
        <PickerSkeleton />
      ) : (
        <>
          <NextAvailable
            next={next}
            timeZone={timeZone}
            showing={shownDate === nextDate}
            onJump={() => nextDate && setChosenDate(nextDate)}
          />
          <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,4fr)_minmax(0,3fr)] lg:items-start lg:gap-8">
            <DayStrip
              days={days}
              chosen={shownDate}
              today={today}
              onChoose={setChosenDate}
              closedLabel={closedLabel}
            />
            {shown && (
              <DayTimesList
                day={shown}
                closedLabel={closedLabel(shown)}
                moving={reschedule !== undefined}
                timeZone={timeZone}
                now={now}
                onPick={(start) => onPick({ start, durationMinutes: duration })}
              />
            )}
          </div>
        </>
      )}
    </PickerFrame>
  );
}

function PickerFrame({
  timeZone,
  lengthSwitch,
  moving = false,
  children,
}: {
  timeZone?: string;
  lengthSwitch?: ReactNode;
  moving?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="time-picker-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="time-picker-heading" className="text-xl font-semibold text-slate-900">
            {t(moving ? 'timePicker.headingMove' : 'timePicker.heading')}
          </h2>
          {timeZone && (
            <p className="mt-0.5 text-sm text-slate-600">
              {t('timePicker.zoneNote', { zone: zoneLabel(timeZone) })}
            </p>
          )}
        </div>
        {lengthSwitch}
      </div>
      {children}
    </section>
  );
}

function DurationSwitch({
  rates,
  value,
  onChange,
}: {
  /** The fees under each length; null for a psychologist's own event, which has none. */
  rates: RatesInr | null;
  value: SessionDuration;
  onChange: (duration: SessionDuration) => void;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="sr-only">{t('timePicker.sessionLength')}</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
        {SESSION_DURATIONS.map((minutes) => (
          <label
            key={minutes}
            className="flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md px-4 py-1 text-sm text-slate-700 has-checked:bg-white has-checked:font-semibold has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name="session-length"
              value={minutes}
              checked={value === minutes}
              onChange={() => onChange(minutes)}
              className="sr-only"
            />
            <span>{t('timePicker.minutes', { minutes })}</span>
            {rates && (
              <span className="text-xs">{formatRupees(sessionFeeInr(rates, minutes))}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function NextAvailable({
  next,
  timeZone,
  showing,
  onJump,
}: {
  next: Date | null;
  timeZone: string;
  showing: boolean;
  onJump: () => void;
}) {
  const { t, rich } = useI18n();
  if (!next) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {t('timePicker.noFreeTime', { weeks: PICKER_DAYS / 7 })}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="text-slate-700">
        {rich('timePicker.nextAvailable', {
          strong: (chunks: ReactNode) => <strong className="text-slate-900">{chunks}</strong>,
          when: formatNextAvailable(next, timeZone),
        })}
      </p>
      {!showing && (
        <button
          type="button"
          onClick={onJump}
          className="min-h-10 rounded-lg px-2 font-medium text-brand-700 underline underline-offset-2 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('timePicker.showThatDay')}
        </button>
      )}
    </div>
  );
}

function DayTimesList({
  day,
  closedLabel,
  moving,
  timeZone,
  now,
  onPick,
}: {
  day: DayTimes;
  closedLabel: string | null;
  /** Moving a session: the times say "Move to", not "Book". */
  moving: boolean;
  timeZone: string;
  now: Date;
  onPick: (start: Date) => void;
}) {
  const t = useT();
  const heading = formatLongDay(day.date);
  const viewerZone = deviceTimeZone();
  const showViewerTime = !sameClockTime(timeZone, viewerZone, [now, ...day.starts]);
  if (day.closed) {
    return (
      <div>
        <h3 className="text-base font-semibold text-slate-900">{heading}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {t('timePicker.closedDay', { reason: closedLabel ?? t(CLOSED[day.closed]) })}
        </p>
      </div>
    );
  }
  const byPart = DAY_PARTS.map((part) => ({
    part,
    starts: day.starts.filter((start) => dayPartOfMinute(localMinuteOf(start, timeZone)) === part),
  })).filter((group) => group.starts.length > 0);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">{heading}</h3>
      {showViewerTime && (
        <p className="-mt-2 text-sm text-slate-600">
          {t('timePicker.viewerNote', { zone: zoneLabel(viewerZone) })}
        </p>
      )}
      {byPart.map(({ part, starts }) => (
        <div key={part}>
          <h4 className="mb-2 text-sm font-medium text-slate-600">{t(PART_HEADINGS[part])}</h4>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-3 xl:grid-cols-4">
            {starts.map((start) => (
              <li key={start.getTime()}>
                <button
                  type="button"
                  onClick={() => onPick(start)}
                  aria-label={t(
                    showViewerTime
                      ? moving
                        ? 'timePicker.moveAtBoth'
                        : 'timePicker.bookAtBoth'
                      : moving
                        ? 'timePicker.moveAt'
                        : 'timePicker.bookAt',
                    {
                      day: heading,
                      time: formatClock(start, timeZone),
                      yourTime: formatClock(start, viewerZone),
                    },
                  )}
                  className="flex min-h-12 w-full flex-col items-center justify-center rounded-lg border border-brand-600 bg-white px-2 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  {formatClock(start, timeZone)}
                  {showViewerTime && (
                    <span className="text-xs font-normal text-slate-600">
                      {formatClock(start, viewerZone)}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The picker's shape while its four weeks load: a day strip and rows of times, greyed. */
function PickerSkeleton() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('timePicker.loading')}
      className="flex animate-pulse flex-col gap-4"
    >
      <div className="h-5 w-56 rounded bg-slate-200" />
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 7 }, (_, index) => (
          <div key={index} className="h-20 w-16 shrink-0 rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {Array.from({ length: 9 }, (_, index) => (
          <div key={index} className="h-12 rounded-lg bg-slate-200" />
        ))}
      </div>
    </div>
  );
}
