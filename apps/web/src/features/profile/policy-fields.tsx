import {
  mapPolicyFields,
  POLICY_FIELDS,
  POLICY_KEYS,
  type PolicyField,
  type PolicyKey,
  type PracticePolicy,
} from '@sukoon/shared';
import { describedBy, Field } from '../../components/form/field';
import { FIELD_CLASS } from '../../components/ui/field-class';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import type { Problems, ProblemsOf } from '../../i18n/shared-words';
import { noticeText, policySummaryLines } from '../policy/policy-words';

const HOUR = 60;
const DAY = 24 * HOUR;

/** A window as psychologists count it ("24 h", "72 h"), days only past three. */
function hoursText(t: Translate, minutes: number) {
  return minutes % HOUR === 0 && minutes <= 3 * DAY
    ? t('policy.notice.hours', { hours: minutes / HOUR })
    : noticeText(t, minutes);
}

/** A number setting's problems by check; a setting of a few choices has one. */
type ProblemKeys =
  | { type: MessageKey; whole: MessageKey; tooSmall: MessageKey; tooBig: MessageKey }
  | { choice: MessageKey };

/** A setting's words: the shared table (policy-fields.ts) has the rest of it. */
interface SettingWords {
  label: MessageKey;
  hint?: MessageKey;
  /** One of its values as the select lists it (null: the setting's "not at all"). */
  say: (t: Translate, value: number | null) => string;
  problems: ProblemKeys;
}

/** Each setting's words, in the page's language: a new setting needs its entry (and its texts). */
const WORDS: Record<PolicyKey, SettingWords> = {
  minNoticeMinutes: {
    label: 'profile.policy.minNotice',
    hint: 'profile.policy.minNoticeHint',
    say: (t, minutes) =>
      minutes === 0 ? t('profile.policy.notice.none') : noticeText(t, minutes ?? 0),
    problems: {
      type: 'profile.problem.minNotice.type',
      whole: 'profile.problem.minNotice.whole',
      tooSmall: 'profile.problem.minNotice.negative',
      tooBig: 'profile.problem.minNotice.tooLong',
    },
  },
  horizonWeeks: {
    label: 'profile.policy.horizon',
    hint: 'profile.policy.horizonHint',
    say: (t, weeks) => t('profile.policy.weeks', { weeks }),
    problems: {
      type: 'profile.problem.horizon.type',
      whole: 'profile.problem.horizon.whole',
      tooSmall: 'profile.problem.horizon.tooShort',
      tooBig: 'profile.problem.horizon.tooLong',
    },
  },
  breakMinutes: {
    label: 'profile.policy.break',
    hint: 'profile.policy.breakHint',
    say: (t, minutes) =>
      minutes === 0 ? t('profile.policy.break.none') : t('policy.notice.minutes', { minutes }),
    problems: { choice: 'profile.problem.break.choice' },
  },
  rescheduleNoticeMinutes: {
    label: 'profile.policy.reschedule',
    say: (t, minutes) =>
      minutes === null
        ? t('profile.policy.noMoves')
        : t('profile.policy.until', { time: hoursText(t, minutes) }),
    problems: {
      type: 'profile.problem.rescheduleNotice.type',
      whole: 'profile.problem.rescheduleNotice.whole',
      tooSmall: 'profile.problem.rescheduleNotice.negative',
      tooBig: 'profile.problem.rescheduleNotice.tooLong',
    },
  },
  patientMovesPerSession: {
    label: 'profile.policy.movesPerSession',
    hint: 'profile.policy.movesPerSessionHint',
    say: (t, count) => t('profile.policy.moves', { count }),
    problems: {
      type: 'profile.problem.moves.type',
      whole: 'profile.problem.moves.whole',
      tooSmall: 'profile.problem.moves.negative',
      tooBig: 'profile.problem.moves.tooMany',
    },
  },
  lateCancelWindowMinutes: {
    label: 'profile.policy.lateWindow',
    hint: 'profile.policy.lateWindowHint',
    say: (t, minutes) =>
      minutes === 0
        ? t('profile.policy.lateWindow.none')
        : t('profile.policy.before', { time: hoursText(t, minutes ?? 0) }),
    problems: {
      type: 'profile.problem.lateWindow.type',
      whole: 'profile.problem.lateWindow.whole',
      tooSmall: 'profile.problem.lateWindow.negative',
      tooBig: 'profile.problem.lateWindow.tooLong',
    },
  },
  lateCancelRefundPercent: {
    label: 'profile.policy.lateRefund',
    hint: 'profile.policy.lateRefundHint',
    say: (t, percent) =>
      percent === 0
        ? t('profile.policy.refund.none')
        : percent === 100
          ? t('profile.policy.refund.full')
          : t('profile.policy.refund.part', { percent }),
    problems: { choice: 'profile.problem.refund.choice' },
  },
};

/** A setting's problems, worded by its kind: a limit of minutes is said as a notice ("7 days"). */
function problemsOf(field: PolicyField, keys: ProblemKeys, t: Translate): Problems {
  if ('choice' in keys || field.kind === 'oneOf') {
    const key = 'choice' in keys ? keys.choice : keys.type;
    return { general: { key } };
  }
  const min = field.kind === 'count' ? field.min : 0;
  return {
    type: { key: keys.type },
    whole: { key: keys.whole },
    tooSmall: { key: keys.tooSmall, values: { min } },
    tooBig: {
      key: keys.tooBig,
      values: { max: field.kind === 'minutes' ? noticeText(t, field.max) : field.max },
    },
    general: { key: keys.type },
  };
}

/** Each setting's objections (the shared PracticePolicy's checks), worded from the catalogue. */
export const POLICY_PROBLEMS: Record<PolicyKey, ProblemsOf> = mapPolicyFields(
  (key, field) => (t: Translate) => problemsOf(field, WORDS[key].problems, t),
);

/** The policy as a whole (not the settings' object): no setting to show the objection by. */
export const policyProblems: ProblemsOf = () => ({ general: { key: 'profile.problem.policy' } });

/** 'none': the select's value for a setting's null (patients may not move sessions). */
const NONE = 'none';
const toChoice = (value: number | null) => (value === null ? NONE : String(value));
const fromChoice = (choice: string) => (choice === NONE ? null : Number(choice));

/** What the table offers for a setting, in order (null, where that is a setting, last). */
function offeredValues(field: PolicyField): Array<number | null> {
  switch (field.kind) {
    case 'minutes':
      return field.nullable ? [...field.offered, null] : [...field.offered];
    case 'count':
      return Array.from({ length: field.max - field.min + 1 }, (_, index) => field.min + index);
    case 'oneOf':
      return [...field.choices];
  }
}

/** What a setting's select lists: the table's offer, and the saved value when it is not among it. */
function choicesOf(key: PolicyKey, current: number | null): Array<number | null> {
  const offered = offeredValues(POLICY_FIELDS[key]);
  if (offered.includes(current)) return offered;
  // Set before the offer changed, or through the API.
  return [...offered, current].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
}

interface PolicyFieldsProps {
  value: PracticePolicy;
  /** Messages by setting (from the shared schema or the server), shown under each select. */
  problems: Partial<Record<PolicyKey, string>>;
  onChange: <K extends PolicyKey>(key: K, value: PracticePolicy[K]) => void;
}

/**
 * "Booking and cancellation policy": each setting of the shared table as a select of human
 * choices, in its order. The values go out as the whole `policy` in the profile PATCH; the rules
 * that read them live in shared.
 */
export function PolicyFields({ value, problems, onChange }: PolicyFieldsProps) {
  const t = useT();
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
        {POLICY_KEYS.map((key) => {
          const id = `profile-policy-${key}`;
          const words = WORDS[key];
          const problem = problems[key];
          return (
            <Field
              key={key}
              id={id}
              label={t(words.label)}
              hint={words.hint && t(words.hint)}
              problem={problem}
            >
              <select
                id={id}
                className={FIELD_CLASS}
                value={toChoice(value[key])}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy(id, { problem, hint: words.hint !== undefined })}
                onChange={(event) => onChange(key, fromChoice(event.target.value))}
              >
                {choicesOf(key, value[key]).map((choice) => (
                  <option key={toChoice(choice)} value={toChoice(choice)}>
                    {words.say(t, choice)}
                  </option>
                ))}
              </select>
            </Field>
          );
        })}
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
