import type { ReactNode } from 'react';
import {
  BREAK_MINUTES,
  formatNotice,
  LATE_CANCEL_REFUND_PERCENTS,
  POLICY_LIMITS,
  policySummary,
  type PracticePolicy,
} from '@sukoon/shared';

export type PolicyKey = keyof PracticePolicy;

interface Choice {
  value: string;
  label: string;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** A window as psychologists count it ("24 h", "72 h"), days only past three. */
function hoursLabel(minutes: number) {
  return minutes % HOUR === 0 && minutes <= 3 * DAY ? `${minutes / HOUR} h` : formatNotice(minutes);
}

const NOTICE_CHOICES: Choice[] = [
  0,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
].map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'No minimum: any future time' : formatNotice(minutes),
}));

const HORIZON_CHOICES: Choice[] = Array.from(
  { length: POLICY_LIMITS.horizonWeeksMax - POLICY_LIMITS.horizonWeeksMin + 1 },
  (_, index) => {
    const weeks = POLICY_LIMITS.horizonWeeksMin + index;
    return { value: String(weeks), label: `${weeks} week${weeks === 1 ? '' : 's'}` };
  },
);

const BREAK_CHOICES: Choice[] = BREAK_MINUTES.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'No break' : `${minutes} min`,
}));

/** 'none': the select's value for "patients may not move sessions" (a null notice). */
const NO_MOVES = 'none';
const RESCHEDULE_CHOICES: Choice[] = [
  ...[HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY].map((minutes) => ({
    value: String(minutes),
    label: `Until ${hoursLabel(minutes)} before`,
  })),
  { value: NO_MOVES, label: 'Patients may not move sessions' },
];

const MOVES_CHOICES: Choice[] = Array.from(
  { length: POLICY_LIMITS.patientMovesMax + 1 },
  (_, n) => ({
    value: String(n),
    label: n === 0 ? 'Not at all' : n === 1 ? 'Once' : `Up to ${n} times`,
  }),
);

const LATE_WINDOW_CHOICES: Choice[] = [0, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY].map(
  (minutes) => ({
    value: String(minutes),
    label: minutes === 0 ? 'None: cancelling is always free' : `${hoursLabel(minutes)} before`,
  }),
);

const LATE_REFUND_CHOICES: Choice[] = LATE_CANCEL_REFUND_PERCENTS.map((percent) => ({
  value: String(percent),
  label:
    percent === 0
      ? '0 %: nothing is refunded'
      : percent === 100
        ? '100 %: the full fee'
        : `${percent} % of the fee`,
}));

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

const SETTINGS: {
  key: PolicyKey;
  label: string;
  hint?: string;
  choices: Choice[];
  other: (value: number) => string;
}[] = [
  {
    key: 'minNoticeMinutes',
    label: 'Minimum notice',
    hint: 'How long before a session a patient must book it.',
    choices: NOTICE_CHOICES,
    other: formatNotice,
  },
  {
    key: 'horizonWeeks',
    label: 'Book up to',
    hint: 'How far ahead patients can book.',
    choices: HORIZON_CHOICES,
    other: (weeks) => `${weeks} weeks`,
  },
  {
    key: 'breakMinutes',
    label: 'Break after each session',
    hint: 'No patient’s session starts inside it.',
    choices: BREAK_CHOICES,
    other: (minutes) => `${minutes} min`,
  },
  {
    key: 'rescheduleNoticeMinutes',
    label: 'Patients may move a session',
    choices: RESCHEDULE_CHOICES,
    other: (minutes) => `Until ${hoursLabel(minutes)} before`,
  },
  {
    key: 'patientMovesPerSession',
    label: 'Moves per session',
    hint: 'How many times a patient may move one session.',
    choices: MOVES_CHOICES,
    other: (n) => `Up to ${n} times`,
  },
  {
    key: 'lateCancelWindowMinutes',
    label: 'Late cancellation',
    hint: 'A patient’s cancellation this close to the start is late.',
    choices: LATE_WINDOW_CHOICES,
    other: (minutes) => `${hoursLabel(minutes)} before`,
  },
  {
    key: 'lateCancelRefundPercent',
    label: 'Refund for a late cancellation',
    hint: 'Cancelling before the late window always refunds the full fee.',
    choices: LATE_REFUND_CHOICES,
    other: (percent) => `${percent} %`,
  },
];

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
        Booking and cancellation policy
      </legend>
      <p id="profile-policy-applies" className="-mt-1 text-sm text-slate-600">
        Changes apply to sessions booked from now on; booked sessions keep the terms they were
        booked under.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {SETTINGS.map(({ key, label, hint, choices, other }) =>
          setting(key, label, withCurrent(choices, toChoice(key, value), other), hint),
        )}
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800">Missed session</span>
          <p className="py-2 text-sm text-slate-700">No refund for a missed session</p>
        </div>
      </div>
      <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <p className="font-medium text-slate-900">Patients read</p>
        <ul aria-label="What patients read" className="mt-1 list-disc pl-5">
          {policySummary(value).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}
