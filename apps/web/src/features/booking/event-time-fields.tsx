import {
  SESSION_DURATIONS,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  latestStartMinute,
} from '@sukoon/shared';
import { describedBy, Field, FieldProblem, LABEL_CLASS } from '../../components/form/field';
import { RadioPills } from '../../components/form/radio-pills';
import { COMPACT_FIELD_CLASS, FIELD_CLASS } from '../../components/ui/field-class';
import { useT } from '../../i18n/i18n';
import { formatMinuteLabel } from '../../lib/dates';
import type { EventForm } from './use-event-form';

const HOURS = Array.from({ length: 12 }, (_, index) => index + 1);
const MINUTES = Array.from({ length: 60 }, (_, index) => index);

/**
 * When: start and end dates (past dates disabled), the length, the start time as hour, minute and
 * AM/PM, and the end time it makes, read-only and capped at the end of the working day. Times are in
 * the psychologist's zone, the same as the grid.
 */
export function EventTimeFields({ event, locked }: { event: EventForm; locked: boolean }) {
  const t = useT();
  const { form, prefix, today, startMinute, bookable, clampedStart, endMinute } = event;
  const { values, problems, idOf } = form;
  const duration = values.duration;
  const latest = formatMinuteLabel(latestStartMinute(duration));
  const opens = formatMinuteLabel(WORKING_DAY_START_MINUTE);
  const closes = formatMinuteLabel(WORKING_DAY_END_MINUTE);
  const hintId = `${prefix}time-hint`;
  const endLabelId = `${prefix}end-time-label`;
  const date = (name: 'startDate' | 'endDate') => ({
    id: idOf(name),
    type: 'date',
    className: FIELD_CLASS,
    value: values[name],
    disabled: locked,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': describedBy(idOf(name), { problem: problems[name] }),
  });
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id={idOf('startDate')}
          label={t('booking.field.startDate')}
          problem={problems.startDate}
        >
          <input
            {...date('startDate')}
            min={today}
            onChange={(change) => change.target.value && event.setStartDate(change.target.value)}
          />
        </Field>
        <Field id={idOf('endDate')} label={t('booking.field.endDate')} problem={problems.endDate}>
          <input
            {...date('endDate')}
            min={values.startDate < today ? today : values.startDate}
            onChange={(change) => change.target.value && form.set('endDate', change.target.value)}
          />
        </Field>
      </div>

      <RadioPills
        legend={t('booking.field.duration')}
        name={`${prefix}duration`}
        options={SESSION_DURATIONS}
        value={duration}
        onChange={(option) => form.set('duration', option, 'time')}
        label={(minutes) => t('booking.field.minutes', { minutes })}
        disabled={locked}
        pillClass={(chosen) =>
          `flex-1 justify-center px-3 py-2 ${chosen ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-slate-300 text-slate-700'}`
        }
      />

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_1fr]">
        <fieldset disabled={locked} aria-describedby={hintId}>
          <legend className={`mb-1 ${LABEL_CLASS}`}>{t('booking.field.startTime')}</legend>
          <div className="flex items-center gap-1">
            <select
              aria-label={t('booking.field.startHour')}
              className={COMPACT_FIELD_CLASS}
              value={values.clock.hour}
              onChange={(change) => event.setClock({ hour: Number(change.target.value) })}
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
              className={COMPACT_FIELD_CLASS}
              value={values.clock.minute}
              onChange={(change) => event.setClock({ minute: Number(change.target.value) })}
            >
              {MINUTES.map((minute) => (
                <option key={minute} value={minute}>
                  {String(minute).padStart(2, '0')}
                </option>
              ))}
            </select>
            <select
              aria-label={t('booking.field.period')}
              className={COMPACT_FIELD_CLASS}
              value={values.clock.period}
              onChange={(change) => event.setClock({ period: change.target.value as 'AM' | 'PM' })}
            >
              <option value="AM">{t('booking.field.am')}</option>
              <option value="PM">{t('booking.field.pm')}</option>
            </select>
          </div>
        </fieldset>
        <div>
          <span id={endLabelId} className={`mb-1 block ${LABEL_CLASS}`}>
            {t('booking.field.endTime')}
          </span>
          <output
            aria-labelledby={endLabelId}
            className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-base text-slate-800 sm:text-sm"
          >
            {formatMinuteLabel(endMinute)}
          </output>
        </div>
      </div>
      <p id={hintId} aria-live="polite" className="-mt-2 text-xs text-slate-600">
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
      {/* Its id (timeProblemId) is what the form scrolls to when the time is all that was wrong. */}
      <FieldProblem id={idOf('time')} problem={problems.time} />
    </>
  );
}
