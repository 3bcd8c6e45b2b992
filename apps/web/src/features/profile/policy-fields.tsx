import type { ReactNode } from 'react';
import {
  BREAK_MINUTES,
  LATE_CANCEL_REFUND_PERCENTS,
  POLICY_LIMITS,
  type PracticePolicy,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import type { Problems, ProblemsOf } from '../../i18n/shared-words';
import { noticeText, policySummaryLines } from '../policy/policy-words';

export type PolicyKey = keyof PracticePolicy;

interface Choice {
  value: string;
  label: string;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** A window as psychologists count it ("24 h", "72 h"), days only past three. */
function hoursText(t: Translate, minutes: number) {
  return minutes % HOUR === 0 && minutes <= 3 * DAY
    ? t('policy.notice.hours', { hours: minutes / HOUR })
    : noticeText(t, minutes);
}

/** 'none': the select's value for "patients may not move sessions" (a null notice). */
const NO_MOVES = 'none';

/** The select's string for a setting, and back. */
function toChoice(key: PolicyKey, policy: PracticePolicy): string {
  const value = policy[key];
  return value === null ? NO_MOVES : String(value);
}
function fromChoice(choice: string): number | null {
  return choice === NO_MOVES ? null : Number(choice);
}

/** The presets, plus the saved value when it is not one of them (set before, or by the API). */
function withCurrent(choices: Choice[], current: string, label: (value: number) => string) {
  return choices.some((choice) => choice.value === current)
    ? choices
    : [...choices, { value: current, label: label(Number(current)) }].sort((a, b) =>
        a.value === NO_MOVES ? 1 : b.value === NO_MOVES ? -1 : Number(a.value) - Number(b.value),
      );
}

interface Setting {
  key: PolicyKey;
  label: string;
  hint?: string;
  choices: Choice[];
  other: (value: number) => string;
}

/** The seven settings, their preset choices and the words for any other saved value. */
function settingsFor(t: Translate): Setting[] {
  const noticeChoices = [0, HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY].map(
    (minutes) => ({
      value: String(minutes),
      label: minutes === 0 ? t('profile.policy.notice.none') : noticeText(t, minutes),
    }),
  );
  const weeks = (count: number) => t('profile.policy.weeks', { weeks: count });
  const horizonChoices = Array.from(
    { length: POLICY_LIMITS.horizonWeeksMax - POLICY_LIMITS.horizonWeeksMin + 1 },
    (_, index) => {
      const count = POLICY_LIMITS.horizonWeeksMin + index;
      return { value: String(count), label: weeks(count) };
    },
  );
  const minutesText = (minutes: number) => t('policy.notice.minutes', { minutes });
  const breakChoices = BREAK_MINUTES.map((minutes) => ({
    value: String(minutes),
    label: minutes === 0 ? t('profile.policy.break.none') : minutesText(minutes),
  }));
  const until = (minutes: number) => t('profile.policy.until', { time: hoursText(t, minutes) });
  const rescheduleChoices = [
    ...[HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY].map((minutes) => ({
      value: String(minutes),
      label: until(minutes),
    })),
    { value: NO_MOVES, label: t('profile.policy.noMoves') },
  ];
  const moves = (count: number) => t('profile.policy.moves', { count });
  const movesChoices = Array.from({ length: POLICY_LIMITS.patientMovesMax + 1 }, (_, n) => ({
    value: String(n),
    label: moves(n),
  }));
  const before = (minutes: number) => t('profile.policy.before', { time: hoursText(t, minutes) });
  const lateWindowChoices = [0, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY].map((minutes) => ({
    value: String(minutes),
    label: minutes === 0 ? t('profile.policy.lateWindow.none') : before(minutes),
  }));
  const lateRefundChoices = LATE_CANCEL_REFUND_PERCENTS.map((percent) => ({
    value: String(percent),
    label:
      percent === 0
        ? t('profile.policy.refund.none')
        : percent === 100
          ? t('profile.policy.refund.full')
          : t('profile.policy.refund.part', { percent }),
  }));
  return [
    {
      key: 'minNoticeMinutes',
      label: t('profile.policy.minNotice'),
      hint: t('profile.policy.minNoticeHint'),
      choices: noticeChoices,
      other: (minutes) => noticeText(t, minutes),
    },
    {
      key: 'horizonWeeks',
      label: t('profile.policy.horizon'),
      hint: t('profile.policy.horizonHint'),
      choices: horizonChoices,
      other: weeks,
    },
    {
      key: 'breakMinutes',
      label: t('profile.policy.break'),
      hint: t('profile.policy.breakHint'),
      choices: breakChoices,
      other: minutesText,
    },
    {
      key: 'rescheduleNoticeMinutes',
      label: t('profile.policy.reschedule'),
      choices: rescheduleChoices,
      other: until,
    },
    {
      key: 'patientMovesPerSession',
      label: t('profile.policy.movesPerSession'),
      hint: t('profile.policy.movesPerSessionHint'),
      choices: movesChoices,
      other: moves,
    },
    {
      key: 'lateCancelWindowMinutes',
      label: t('profile.policy.lateWindow'),
      hint: t('profile.policy.lateWindowHint'),
      choices: lateWindowChoices,
      other: before,
    },
    {
      key: 'lateCancelRefundPercent',
      label: t('profile.policy.lateRefund'),
      hint: t('profile.policy.lateRefundHint'),
      choices: lateRefundChoices,
      other: (percent) => t('profile.policy.percent', { percent }),
    },
  ];
}

/** A notice setting's four problems (the shared schema's minutesSetting), its longest in words. */
function minutesProblems(
  t: Translate,
  keys: { type: MessageKey; whole: MessageKey; negative: MessageKey; tooLong: MessageKey },
  max: number,
): Problems {
  return {
    type: { key: keys.type },
    whole: { key: keys.whole },
    tooSmall: { key: keys.negative },
    tooBig: { key: keys.tooLong, values: { max: noticeText(t, max) } },
    general: { key: keys.type },
  };
}

/** Each setting's objections (the shared PracticePolicy's checks), worded from the catalogue. */
export const POLICY_PROBLEMS: Record<PolicyKey, ProblemsOf> = {
  minNoticeMinutes: (t) =>
    minutesProblems(
      t,
      {
        type: 'profile.problem.minNotice.type',
        whole: 'profile.problem.minNotice.whole',
        negative: 'profile.problem.minNotice.negative',
        tooLong: 'profile.problem.minNotice.tooLong',
      },
      POLICY_LIMITS.minNoticeMinutesMax,
    ),
  horizonWeeks: () => ({
    type: { key: 'profile.problem.horizon.type' },
    whole: { key: 'profile.problem.horizon.whole' },
    tooSmall: {
      key: 'profile.problem.horizon.tooShort',
      values: { min: POLICY_LIMITS.horizonWeeksMin },
    },
    tooBig: {
      key: 'profile.problem.horizon.tooLong',
      values: { max: POLICY_LIMITS.horizonWeeksMax },
    },
    general: { key: 'profile.problem.horizon.type' },
  }),
  breakMinutes: () => ({ general: { key: 'profile.problem.break.choice' } }),
  rescheduleNoticeMinutes: (t) =>
    minutesProblems(
      t,
      {
        type: 'profile.problem.rescheduleNotice.type',
        whole: 'profile.problem.rescheduleNotice.whole',
        negative: 'profile.problem.rescheduleNotice.negative',
        tooLong: 'profile.problem.rescheduleNotice.tooLong',
      },
      POLICY_LIMITS.rescheduleNoticeMinutesMax,
    ),
  patientMovesPerSession: () => ({
    type: { key: 'profile.problem.moves.type' },
    whole: { key: 'profile.problem.moves.whole' },
    tooSmall: { key: 'profile.problem.moves.negative' },
    tooBig: {
      key: 'profile.problem.moves.tooMany',
      values: { max: POLICY_LIMITS.patientMovesMax },
    },
    general: { key: 'profile.problem.moves.type' },
  }),
  lateCancelWindowMinutes: (t) =>
    minutesProblems(
      t,
      {
        type: 'profile.problem.lateWindow.type',
        whole: 'profile.problem.lateWindow.whole',
        negative: 'profile.problem.lateWindow.negative',
        tooLong: 'profile.problem.lateWindow.tooLong',
      },
      POLICY_LIMITS.lateCancelWindowMinutesMax,
    ),
  lateCancelRefundPercent: () => ({ general: { key: 'profile.problem.refund.choice' } }),
};

/** The policy as a whole (not the settings' object): no setting to show the objection by. */
export const policyProblems: ProblemsOf = () => ({ general: { key: 'profile.problem.policy' } });

interface PolicyFieldsProps {
  value: PracticePolicy;
  /** Messages by setting (from the shared schema or the server), shown under each select. */
  errors: Partial<Record<PolicyKey, string>>;
  onChange: <K extends PolicyKey>(key: K, value: PracticePolicy[K]) => void;
  selectClass: string;
}

/**
 * "Booking and cancellation policy" (issue 18): the seven settings as selects of human choices. The
 * values go out as the whole `policy` in the profile PATCH; the rules that read them live in shared.
 */
export function PolicyFields({ value, errors, onChange, selectClass }: PolicyFieldsProps) {
  const t = useT();
  const idOf = (key: PolicyKey) => `profile-policy-${key}`;
  const setting = (key: PolicyKey, label: string, choices: Choice[], hint?: string): ReactNode => {
    const error = errors[key];
    const describedBy = [
      error ? `${idOf(key)}-error` : '',
      hint && !error ? `${idOf(key)}-hint` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div key={key} className="flex flex-col gap-1">
        <label htmlFor={idOf(key)} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={idOf(key)}
          className={selectClass}
          value={toChoice(key, value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(key, fromChoice(event.target.value))}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {hint && !error && (
          <p id={`${idOf(key)}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${idOf(key)}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <fieldset
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      aria-describedby="profile-policy-applies"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('profile.policy.title')}
      </legend>
      <p id="profile-policy-applies" className="-mt-1 text-sm text-slate-600">
        {t('profile.policy.applies')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {settingsFor(t).map(({ key, label, hint, choices, other }) =>
          setting(key, label, withCurrent(choices, toChoice(key, value), other), hint),
        )}
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800">{t('profile.policy.missed')}</span>
          <p className="py-2 text-sm text-slate-700">{t('profile.policy.missedRefund')}</p>
        </div>
      </div>
      <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('profile.policy.patientsRead')}</p>
        <ul aria-label={t('profile.policy.patientsReadLabel')} className="mt-1 list-disc pl-5">
          {policySummaryLines(t, value).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}
