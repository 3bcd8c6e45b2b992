import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useRef, useState, type FormEvent } from 'react';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  LANGUAGES,
  normalizeBio,
  REGISTRATION_NUMBER_MAX_LENGTH,
  SPECIALIZATIONS,
  UpdatePsychologistBody,
  YEARS_OF_PRACTICE_MAX,
  type PolicyKey,
  type Psychologist,
  type Specialization,
} from '@sukoon/shared';
import { CharacterCount } from '../../components/form/character-count';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { Field, FieldProblem } from '../../components/form/field';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { Button } from '../../components/ui/button';
import { FIELD_CLASS } from '../../components/ui/field-class';
import { useI18n } from '../../i18n/i18n';
import { SPECIALIZATION_NAMES } from '../../i18n/shared-words';
import { api } from '../../lib/api-client';
import { MeetingLinkFields } from './meeting-link-fields';
import { PolicyFields } from './policy-fields';
import { problemsAt, type ProfileProblemKey } from './profile-problems';
import { changedBody, LANGUAGE_NAMES, profileValues, type ProfileValues } from './profile-values';
import { allTimeZones, TimeZoneField } from './time-zone-field';

const count = (name: string) => `profile-${name}-count`;

/**
 * The psychologist's own profile: the full name patients see, what they choose by (specializations,
 * languages, bio, years of practice, a registration number shown as given), time zone, fees, the
 * practice policy and how sessions get their meeting links.
 */
export function ProfileForm({ profile }: { profile: Psychologist }) {
  const { locale, t } = useI18n();
  const queryClient = useQueryClient();
  const choices = allTimeZones(locale, t);
  // What was last saved: only what changed since is sent.
  const [saved, setSaved] = useState<ProfileValues>(() => profileValues(profile, choices));
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm<ProfileValues, UpdatePsychologistBody, ProfileProblemKey>({
    initial: saved,
    formRef,
    schema: UpdatePsychologistBody,
    problemsAt,
    idPrefix: 'profile-',
    onEdit: () => setNotice(null),
  });
  const { values, problems, bind, set } = form;

  const save = useMutation({
    mutationFn: (body: UpdatePsychologistBody) =>
      api<Psychologist>('PATCH', `/api/psychologists/${profile.id}`, { body }),
    onSuccess: async (result) => {
      const now = profileValues(result, choices);
      setSaved(now);
      form.setValues(now);
      setNotice('saved');
      queryClient.setQueryData(['psychologists', profile.id], result);
      await queryClient.invalidateQueries({ queryKey: ['psychologists'] });
      await queryClient.invalidateQueries({ queryKey: ['availability'] });
    },
    onError: (error) => form.showServerProblems(error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = changedBody(values, saved);
    if (body === null) {
      form.show({});
      setNotice('unchanged');
      return;
    }
    // The same schema the server validates with, so a mistake is caught before the request.
    const checked = form.check(body);
    if (checked === null) setNotice(null);
    else save.mutate(checked);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
      <Field
        id="profile-displayName"
        label={t('profile.field.fullName')}
        hint={t('profile.field.fullNameHint')}
        problem={problems.displayName}
        aside={
          <CharacterCount
            id={count('displayName')}
            placement="beside"
            length={values.displayName.trim().length}
            max={DISPLAY_NAME_MAX_LENGTH}
          />
        }
      >
        <input
          {...bind('displayName', { hint: true, describedBy: [count('displayName')] })}
          className={FIELD_CLASS}
          autoComplete="name"
        />
      </Field>
      <CheckboxGroup
        id="profile-specializations"
        legend={t('profile.field.specializations')}
        options={SPECIALIZATIONS}
        label={(value) => t(SPECIALIZATION_NAMES[value as Specialization])}
        value={values.specializations}
        onChange={(value) => set('specializations', value)}
        problem={problems.specializations}
      />
      <CheckboxGroup
        id="profile-languages"
        legend={t('profile.field.languages')}
        options={LANGUAGES}
        label={(value) => t(LANGUAGE_NAMES[value as keyof typeof LANGUAGE_NAMES])}
        value={values.languages}
        onChange={(value) => set('languages', value)}
        problem={problems.languages}
      />
      <Field
        id="profile-bio"
        label={t('profile.field.bio')}
        hint={t('profile.field.bioHint')}
        problem={problems.bio}
        aside={
          <CharacterCount
            id={count('bio')}
            placement="beside"
            length={normalizeBio(values.bio).length}
            max={BIO_MAX_LENGTH}
          />
        }
      >
        <textarea
          {...bind('bio', { hint: true, describedBy: [count('bio')] })}
          rows={4}
          className={`${FIELD_CLASS} resize-y`}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="profile-yearsOfPractice"
          label={t('profile.field.yearsOfPractice')}
          problem={problems.yearsOfPractice}
        >
          <input
            {...bind('yearsOfPractice')}
            className={FIELD_CLASS}
            type="number"
            inputMode="numeric"
            min={0}
            max={YEARS_OF_PRACTICE_MAX}
            step={1}
          />
        </Field>
        <Field
          id="profile-registrationNumber"
          label={t('profile.field.registrationNumber')}
          optional
          hint={t('profile.field.registrationNumberHint')}
          problem={problems.registrationNumber}
          aside={
            <CharacterCount
              id={count('registrationNumber')}
              placement="beside"
              length={values.registrationNumber.trim().length}
              max={REGISTRATION_NUMBER_MAX_LENGTH}
            />
          }
        >
          <input
            {...bind('registrationNumber', {
              hint: true,
              describedBy: [count('registrationNumber')],
            })}
            className={FIELD_CLASS}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <TimeZoneField
        id="profile-timeZone"
        value={values.timeZone}
        problem={problems.timeZone}
        onChange={(zone) => set('timeZone', zone)}
      />
      <div className="grid grid-cols-2 gap-3">
        {(['session_20_minute_rate', 'session_45_minute_rate'] as const).map((fee) => (
          <Field
            key={fee}
            id={`profile-${fee}`}
            label={t(
              fee === 'session_20_minute_rate' ? 'profile.field.fee20' : 'profile.field.fee45',
            )}
            problem={problems[fee]}
          >
            <input
              {...bind(fee)}
              className={FIELD_CLASS}
              inputMode="numeric"
              type="number"
              min={1}
              step={1}
            />
          </Field>
        ))}
      </div>
      <PolicyFields
        value={values.policy}
        problems={Object.fromEntries(
          Object.entries(problems)
            .filter(([key]) => key.startsWith('policy.'))
            .map(([key, message]) => [key.slice('policy.'.length), message]),
        )}
        onChange={(key: PolicyKey, value) =>
          set('policy', { ...values.policy, [key]: value }, `policy.${key}`, 'policy')
        }
      />
      <FieldProblem id="profile-policy" problem={problems.policy} />
      <MeetingLinkFields
        value={values.meetingLinks}
        error={problems.meetingLinks}
        onChange={(value) => set('meetingLinks', value)}
      />
      {problems.form && (
        <p role="alert" className="text-sm text-red-700">
          {problems.form}
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
