import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  JITSI_SERVER_MAX_LENGTH,
  LANGUAGES,
  MEETING_LINK_MAX_LENGTH,
  normalizeBio,
  REGISTRATION_NUMBER_MAX_LENGTH,
  SPECIALIZATIONS,
  type Specialization,
  UpdatePsychologistBody,
  YEARS_OF_PRACTICE_MAX,
  type PracticePolicy,
  type Locale,
  type Psychologist,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, useT, type Translate } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import {
  MeetingLinkFields,
  meetingLinksBody,
  meetingLinkValues,
  type MeetingLinkValues,
} from './meeting-link-fields';
import { ReceiptSettingsSection } from './receipt-settings';
import { POLICY_PROBLEMS, PolicyFields, policyProblems, type PolicyKey } from './policy-fields';
import { choiceFor, filterTimeZones, timeZoneChoices, type TimeZoneChoice } from './time-zones';
import {
  fullNameProblems,
  problemText,
  serverProblemText,
  type ServerProblem,
  SPECIALIZATION_NAMES,
  type Issue,
  type ProblemsOf,
} from '../../i18n/shared-words';

/** The languages' names in the page's language; the value saved stays the English name. */
const LANGUAGE: Record<(typeof LANGUAGES)[number], MessageKey> = {
  English: 'profile.language.english',
  Assamese: 'profile.language.assamese',
  Bengali: 'profile.language.bengali',
  Bodo: 'profile.language.bodo',
  Dogri: 'profile.language.dogri',
  Gujarati: 'profile.language.gujarati',
  Hindi: 'profile.language.hindi',
  Kannada: 'profile.language.kannada',
  Kashmiri: 'profile.language.kashmiri',
  Konkani: 'profile.language.konkani',
  Maithili: 'profile.language.maithili',
  Malayalam: 'profile.language.malayalam',
  Manipuri: 'profile.language.manipuri',
  Marathi: 'profile.language.marathi',
  Nepali: 'profile.language.nepali',
  Odia: 'profile.language.odia',
  Punjabi: 'profile.language.punjabi',
  Sanskrit: 'profile.language.sanskrit',
  Santali: 'profile.language.santali',
  Sindhi: 'profile.language.sindhi',
  Tamil: 'profile.language.tamil',
  Telugu: 'profile.language.telugu',
  Urdu: 'profile.language.urdu',
};

interface ProfileDialogProps {
  psychologistId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const cachedChoices = new Map<Locale, TimeZoneChoice[]>();
/**
 * Built once a language: about 400 zones, each asked for its offset. Keyed by the language, not by
 * India's name in it, which two languages could write alike.
 */
function allTimeZones(locale: Locale, t: Translate) {
  let choices = cachedChoices.get(locale);
  if (!choices) {
    choices = timeZoneChoices(t('profile.field.timeZoneIndia'));
    cachedChoices.set(locale, choices);
  }
  return choices;
}

type Field =
  | 'displayName'
  | 'timeZone'
  | 'session_20_minute_rate'
  | 'session_45_minute_rate'
  | 'specializations'
  | 'languages'
  | 'bio'
  | 'yearsOfPractice'
  | 'registrationNumber'
  | 'policy'
  | 'meetingLinks';

/** An error's key: a field, a policy setting ("policy.breakMinutes") or the whole form. */
type ErrorKey = Field | `policy.${PolicyKey}` | 'form';

interface Values {
  displayName: string;
  timeZone: string;
  session_20_minute_rate: string;
  session_45_minute_rate: string;
  specializations: string[];
  languages: string[];
  bio: string;
  yearsOfPractice: string;
  registrationNumber: string;
  policy: PracticePolicy;
  meetingLinks: MeetingLinkValues;
}

/** A fee's objections (the shared RateInr's checks). */
const feeProblems: ProblemsOf = () => ({
  type: { key: 'profile.problem.fee.type' },
  whole: { key: 'profile.problem.fee.whole' },
  tooSmall: { key: 'profile.problem.fee.tooLow' },
  tooBig: { key: 'profile.problem.fee.tooHigh' },
  general: { key: 'profile.problem.fee.type' },
});

/**
 * Each field's objections by the name of the shared UpdatePsychologistBody's check (`tooBig`, or a
 * refinement's own name such as `eachOnce`), worded from the catalogue; the server names them the same.
 */
export const PROFILE_PROBLEMS: Record<Exclude<Field, 'policy' | 'meetingLinks'>, ProblemsOf> = {
  displayName: fullNameProblems,
  timeZone: () => ({
    timeZone: { key: 'profile.problem.timeZone' },
    general: { key: 'profile.problem.timeZone' },
  }),
  session_20_minute_rate: feeProblems,
  session_45_minute_rate: feeProblems,
  specializations: () => ({
    tooSmall: { key: 'profile.problem.specializations.none' },
    eachOnce: { key: 'profile.problem.specializations.twice' },
    choice: {
      key: 'profile.problem.specializations.unknown',
      values: { list: SPECIALIZATIONS.join(', ') },
    },
    general: { key: 'profile.problem.specializations.none' },
  }),
  languages: () => ({
    tooSmall: { key: 'profile.problem.languages.none' },
    eachOnce: { key: 'profile.problem.languages.twice' },
    choice: { key: 'profile.problem.languages.unknown' },
    general: { key: 'profile.problem.languages.none' },
  }),
  bio: () => ({
    tooBig: { key: 'profile.problem.bio.tooLong', values: { max: BIO_MAX_LENGTH } },
    bioControlCharacter: { key: 'profile.problem.bio.control' },
    general: { key: 'profile.problem.bio.general' },
  }),
  yearsOfPractice: () => ({
    type: { key: 'profile.problem.years.type' },
    whole: { key: 'profile.problem.years.whole' },
    tooSmall: { key: 'profile.problem.years.negative' },
    tooBig: { key: 'profile.problem.years.tooMany', values: { max: YEARS_OF_PRACTICE_MAX } },
    general: { key: 'profile.problem.years.type' },
  }),
  registrationNumber: () => ({
    tooBig: {
      key: 'profile.problem.registrationNumber.tooLong',
      values: { max: REGISTRATION_NUMBER_MAX_LENGTH },
    },
    format: { key: 'profile.problem.registrationNumber.characters' },
    general: { key: 'profile.problem.registrationNumber.characters' },
  }),
};

/** How meeting links are made (the shared MeetingLinks's checks), by the part objected to. */
const MEETING_LINK_PROBLEMS = {
  method: () => ({ general: { key: 'profile.problem.meetingLinks.method' } }),
  jitsiServer: () => ({
    tooBig: {
      key: 'profile.problem.meetingLinks.jitsiServerTooLong',
      values: { max: JITSI_SERVER_MAX_LENGTH },
    },
    httpsOrigin: { key: 'profile.problem.meetingLinks.jitsiServer' },
    general: { key: 'profile.problem.meetingLinks.jitsiServer' },
  }),
  personalLink: () => ({
    tooBig: {
      key: 'profile.problem.meetingLinks.personalLinkTooLong',
      values: { max: MEETING_LINK_MAX_LENGTH },
    },
    httpsLink: { key: 'profile.problem.meetingLinks.personalLink' },
    general: { key: 'profile.problem.meetingLinks.personalLink' },
  }),
} satisfies Record<string, ProblemsOf>;

/** The body as a whole: nothing to change, or an objection the form has no field for. */
const formProblems: ProblemsOf = () => ({
  somethingToChange: { key: 'profile.problem.nothingToChange' },
  general: { key: 'profile.problem.form' },
});

/** Where an objection to a part of the body (its path) is shown, and that part's problems. */
export function problemsAt(path: ReadonlyArray<PropertyKey>): {
  at: ErrorKey;
  problems: ProblemsOf;
} {
  const [field, part] = path.map(String);
  if (field === 'policy') {
    return part !== undefined && part in POLICY_PROBLEMS
      ? { at: `policy.${part as PolicyKey}`, problems: POLICY_PROBLEMS[part as PolicyKey] }
      : { at: 'policy', problems: policyProblems };
  }
  if (field === 'meetingLinks') {
    return {
      at: 'meetingLinks',
      problems:
        part === 'jitsiServer' || part === 'personalLink'
          ? MEETING_LINK_PROBLEMS[part]
          : MEETING_LINK_PROBLEMS.method,
    };
  }
  if (field !== undefined && field in PROFILE_PROBLEMS) {
    const name = field as keyof typeof PROFILE_PROBLEMS;
    return { at: name, problems: PROFILE_PROBLEMS[name] };
  }
  return { at: 'form', problems: formProblems };
}

/** The shared schema's objection (a zod issue) in the page's language, and where it is shown. */
export function profileProblem(
  t: Translate,
  issue: Issue & { path: ReadonlyArray<PropertyKey> },
): [ErrorKey, string] {
  const { at, problems } = problemsAt(issue.path);
  return [at, problemText(t, problems(t), issue)];
}

/** The server's objection to a part of the body (its `details` path, "body.policy.horizonWeeks"). */
export function profileServerProblem(
  t: Translate,
  path: string,
  detail?: ServerProblem,
): [ErrorKey, string] {
  const { at, problems } = problemsAt(
    path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean),
  );
  return [at, serverProblemText(t, problems, detail)];
}

function valuesOf(profile: Psychologist, zones: readonly TimeZoneChoice[]): Values {
  return {
    displayName: profile.displayName,
    timeZone: choiceFor(profile.timeZone, zones),
    session_20_minute_rate: String(profile.session_20_minute_rate),
    session_45_minute_rate: String(profile.session_45_minute_rate),
    specializations: [...profile.specializations],
    languages: [...profile.languages],
    bio: profile.bio,
    yearsOfPractice: profile.yearsOfPractice === null ? '' : String(profile.yearsOfPractice),
    registrationNumber: profile.registrationNumber ?? '',
    policy: { ...profile.policy },
    meetingLinks: meetingLinkValues(profile.meetingLinks),
  };
}

/** What the form sends for a field: numbers as numbers, an empty number as "not given". */
function bodyValue(field: Field, values: Values): unknown {
  if (field === 'meetingLinks') return meetingLinksBody(values.meetingLinks);
  const value = values[field];
  if (
    field === 'session_20_minute_rate' ||
    field === 'session_45_minute_rate' ||
    field === 'yearsOfPractice'
  ) {
    return value === '' ? undefined : Number(value);
  }
  return value;
}

/**
 * The psychologist's own profile: the full name patients see, what they choose by (specializations,
 * languages, bio, years of practice, a registration number shown as given), time zone, fees, the
 * practice policy and how sessions get their meeting links; below it, what receipts print.
 */
export function ProfileDialog({ psychologistId, open, onOpenChange }: ProfileDialogProps) {
  const profile = useQuery({
    queryKey: ['psychologists', psychologistId],
    queryFn: ({ signal }) =>
      api<Psychologist>('GET', `/api/psychologists/${psychologistId}`, { signal }),
    enabled: open,
  });
  const t = useT();
  const dialogFocus = useDialogFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <Dialog.Title className="text-lg font-semibold">{t('profile.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {t('profile.description')}
          </Dialog.Description>
          {profile.data ? (
            <>
              <ProfileForm profile={profile.data} />
              <ReceiptSettingsSection inputClass={inputClass} />
            </>
          ) : (
            <p role="status" className="mt-4 text-sm text-slate-600">
              {profile.isError ? profile.error.message : t('app.loading')}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-500';

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useT();
  return (
    <span
      id={id}
      className={`text-xs tabular-nums ${length > max ? 'font-medium text-red-700' : 'text-slate-500'}`}
    >
      {length}/{max}
      <span className="sr-only"> {t('profile.characters')}</span>
    </span>
  );
}

function ProfileForm({ profile }: { profile: Psychologist }) {
  const { locale, t } = useI18n();
  const queryClient = useQueryClient();
  // What was last saved: only changed fields are sent, so a profile still missing its languages
  // can have its fees changed.
  const choices = allTimeZones(locale, t);
  const [saved, setSaved] = useState<Values>(() => valuesOf(profile, choices));
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);
  const [zoneSearch, setZoneSearch] = useState('');

  const save = useMutation({
    mutationFn: (body: UpdatePsychologistBody) =>
      api<Psychologist>('PATCH', `/api/psychologists/${profile.id}`, { body }),
    onSuccess: async (result) => {
      const now = valuesOf(result, choices);
      setSaved(now);
      setValues(now);
      setNotice('saved');
      queryClient.setQueryData(['psychologists', profile.id], result);
      await queryClient.invalidateQueries({ queryKey: ['psychologists'] });
      await queryClient.invalidateQueries({ queryKey: ['availability'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.details?.length) {
        setErrors(
          Object.fromEntries(
            error.details.map((detail) => profileServerProblem(t, detail.path, detail)),
          ),
        );
      } else if (error instanceof ApiError && error.field) {
        setErrors(Object.fromEntries([profileServerProblem(t, error.field)]));
      } else {
        setErrors({ form: error.message });
      }
    },
  });

  function change<K extends Field>(name: K, value: Values[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, form: _form, ...rest }) => rest);
    setNotice(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = Object.keys(values) as Field[];
    const changed = fields.filter(
      (field) => JSON.stringify(values[field]) !== JSON.stringify(saved[field]),
    );
    if (changed.length === 0) {
      setErrors({});
      setNotice('unchanged');
      return;
    }
    // The same schema the server validates with, so a mistake is caught before the request.
    const parsed = UpdatePsychologistBody.safeParse(
      Object.fromEntries(changed.map((field) => [field, bodyValue(field, values)])),
    );
    if (!parsed.success) {
      setNotice(null);
      // A policy setting's message stays by its own select.
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => profileProblem(t, issue))));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const describedBy = (name: Field, ...more: string[]) =>
    [errors[name] ? `profile-${name}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const bind = (
    name: Exclude<Field, 'specializations' | 'languages' | 'policy' | 'meetingLinks'>,
  ) => ({
    id: `profile-${name}`,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name),
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });
  const errorOf = (name: Field) =>
    errors[name] && (
      <p id={`profile-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    );
  const field = (
    name: Field,
    label: ReactNode,
    input: ReactNode,
    hint?: ReactNode,
    counter?: ReactNode,
  ) => (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={`profile-${name}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {counter}
      </div>
      {input}
      {hint && !errors[name] && <p className="text-xs text-slate-600">{hint}</p>}
      {errorOf(name)}
    </div>
  );

  const shownZones = useMemo(() => {
    const found = filterTimeZones(choices, zoneSearch);
    // The chosen zone stays in the list, so a search never changes what is saved.
    return found.some((choice) => choice.value === values.timeZone)
      ? found
      : [
          choices.find((choice) => choice.value === values.timeZone) ?? {
            key: values.timeZone,
            value: values.timeZone,
            label: values.timeZone.replaceAll('_', ' '),
          },
          ...found,
        ];
  }, [choices, zoneSearch, values.timeZone]);

  const checkboxGroup = (
    name: 'specializations' | 'languages',
    legend: MessageKey,
    options: readonly string[],
    label: (value: string) => string,
    columns: string,
  ) => (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy(name)}
    >
      <legend className="text-sm font-medium text-slate-800">{t(legend)}</legend>
      <div className={`grid gap-x-3 gap-y-1 ${columns}`}>
        {options.map((option) => {
          const checked = values[name].includes(option);
          return (
            <label
              key={option}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={checked}
                onChange={() =>
                  change(
                    name,
                    checked
                      ? values[name].filter((value) => value !== option)
                      : [...values[name], option],
                  )
                }
              />
              {label(option)}
            </label>
          );
        })}
      </div>
      {errorOf(name)}
    </fieldset>
  );

  const bioLength = normalizeBio(values.bio).length;
  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
      {field(
        'displayName',
        t('profile.field.fullName'),
        <input
          {...bind('displayName')}
          aria-describedby={describedBy('displayName', 'profile-displayName-count')}
          className={inputClass}
          autoComplete="name"
        />,
        t('profile.field.fullNameHint'),
        <Counter
          id="profile-displayName-count"
          length={values.displayName.trim().length}
          max={DISPLAY_NAME_MAX_LENGTH}
        />,
      )}
      {checkboxGroup(
        'specializations',
        'profile.field.specializations',
        SPECIALIZATIONS,
        (value) => t(SPECIALIZATION_NAMES[value as Specialization]),
        'grid-cols-2 sm:grid-cols-4',
      )}
      {checkboxGroup(
        'languages',
        'profile.field.languages',
        LANGUAGES,
        (value) => t(LANGUAGE[value as keyof typeof LANGUAGE]),
        'grid-cols-2 sm:grid-cols-4',
      )}
      {field(
        'bio',
        t('profile.field.bio'),
        <textarea
          {...bind('bio')}
          aria-describedby={describedBy('bio', 'profile-bio-count')}
          rows={4}
          className={`${inputClass} resize-y`}
        />,
        t('profile.field.bioHint'),
        <Counter id="profile-bio-count" length={bioLength} max={BIO_MAX_LENGTH} />,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'yearsOfPractice',
          t('profile.field.yearsOfPractice'),
          <input
            {...bind('yearsOfPractice')}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={YEARS_OF_PRACTICE_MAX}
            step={1}
          />,
        )}
        {field(
          'registrationNumber',
          <>
            {t('profile.field.registrationNumber')}{' '}
            <span className="font-normal text-slate-500">{t('field.optional')}</span>
          </>,
          <input
            {...bind('registrationNumber')}
            aria-describedby={describedBy('registrationNumber', 'profile-registrationNumber-count')}
            className={inputClass}
            autoComplete="off"
            spellCheck={false}
          />,
          t('profile.field.registrationNumberHint'),
          <Counter
            id="profile-registrationNumber-count"
            length={values.registrationNumber.trim().length}
            max={REGISTRATION_NUMBER_MAX_LENGTH}
          />,
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="profile-timeZone" className="text-sm font-medium text-slate-800">
          {t('profile.field.timeZone')}
        </label>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <input
            type="search"
            aria-label={t('profile.field.timeZoneSearch')}
            aria-controls="profile-timeZone"
            placeholder={t('profile.field.timeZoneSearchPlaceholder')}
            value={zoneSearch}
            onChange={(event) => setZoneSearch(event.target.value)}
            className={inputClass}
          />
          <select {...bind('timeZone')} className={inputClass}>
            {shownZones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </select>
        </div>
        {!errors.timeZone && (
          <p className="text-xs text-slate-600">
            {zoneSearch.trim() && (
              <>{t('profile.field.timeZonesShown', { count: shownZones.length })} </>
            )}
            {t('profile.field.timeZoneHint')}
          </p>
        )}
        {errorOf('timeZone')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        {field(
          'session_20_minute_rate',
          t('profile.field.fee20'),
          <input
            {...bind('session_20_minute_rate')}
            className={inputClass}
            inputMode="numeric"
            type="number"
            min={1}
            step={1}
          />,
        )}
        {field(
          'session_45_minute_rate',
          t('profile.field.fee45'),
          <input
            {...bind('session_45_minute_rate')}
            className={inputClass}
            inputMode="numeric"
            type="number"
            min={1}
            step={1}
          />,
        )}
      </div>
      <PolicyFields
        value={values.policy}
        selectClass={inputClass}
        errors={Object.fromEntries(
          Object.entries(errors)
            .filter(([key]) => key.startsWith('policy.'))
            .map(([key, message]) => [key.slice('policy.'.length), message]),
        )}
        onChange={(key, value) => {
          setValues((current) => ({ ...current, policy: { ...current.policy, [key]: value } }));
          setErrors((current) => {
            const { policy: _whole, form: _form, ...rest } = current;
            delete rest[`policy.${key}`];
            return rest;
          });
          setNotice(null);
        }}
      />
      {errorOf('policy')}
      <MeetingLinkFields
        value={values.meetingLinks}
        error={errors.meetingLinks}
        inputClass={inputClass}
        onChange={(value) => change('meetingLinks', value)}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center justify-end gap-2">
        <p role="status" className="mr-auto text-sm font-medium text-brand-700">
          {notice === 'saved'
            ? t('profile.saved')
            : notice === 'unchanged'
              ? t('profile.unchanged')
              : null}
        </p>
        <Dialog.Close asChild>
          <Button variant="secondary">
            {notice === 'saved' ? t('profile.close') : t('profile.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
