import { type ReactNode } from 'react';
import { USERNAME_MIN_LENGTH, type RegisterBody, type Role } from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { type Translate } from '../../i18n/i18n';
import { fullNameProblem } from '../../i18n/shared-words';

export const TITLE: Record<Role, Record<'login' | 'register', MessageKey>> = {
  patient: { login: 'auth.title.patientLogin', register: 'auth.title.patientRegistration' },
  psychologist: {
    login: 'auth.title.psychologistLogin',
    register: 'auth.title.psychologistRegistration',
  },
};
/** What an account of the other role is told, by that role. */
export const OTHER_ROLE: Record<
  Role,
  Record<'title' | 'body' | 'continue' | 'signIn', MessageKey>
> = {
  patient: {
    title: 'auth.otherRole.patientTitle',
    body: 'auth.otherRole.patientBody',
    continue: 'auth.otherRole.continuePatient',
    // Signed in as a patient through the Psychologist card: sign in with a psychologist account.
    signIn: 'auth.otherRole.signInPsychologist',
  },
  psychologist: {
    title: 'auth.otherRole.psychologistTitle',
    body: 'auth.otherRole.psychologistBody',
    continue: 'auth.otherRole.continuePsychologist',
    signIn: 'auth.otherRole.signInPatient',
  },
};
export const EMPTY_FORM = {
  username: '',
  email: '',
  password: '',
  confirm: '',
  code: '',
  fullName: '',
  phone: '',
  specialization: '',
};

export type FormField = keyof typeof EMPTY_FORM;

/** The request body's field names (the `field` of an error answer) as this form's fields. */
export const FORM_FIELD: Record<string, FormField> = {
  username: 'username',
  email: 'email',
  password: 'password',
  psychologist_code: 'code',
  fullName: 'fullName',
};

/**
 * A field's error, marked invalid and shown in red before its hint, in the place the field names as
 * its description (aria-describedby): a screen reader reads the message with the field.
 */
export function withError(error: string | null, hint?: ReactNode) {
  if (!error) return { hint };
  return {
    'aria-invalid': true as const,
    hint: (
      <>
        <span className="block text-sm font-medium text-red-700">{error}</span>
        {hint}
      </>
    ),
  };
}

/** The kind of a schema's first objection to a value (zod's issue code), or null when it passes. */
export function problemOf(
  schema: { safeParse: (value: unknown) => { error?: { issues: Array<{ code: string }> } } },
  value: string,
) {
  return schema.safeParse(value).error?.issues[0]?.code ?? null;
}

/**
 * A field's objection in the page's language: the shared schemas' checks (the same the server
 * makes), worded from the catalogue by what failed rather than from the schema's English.
 */
export function problemText(t: Translate, name: FormField, code: string): string {
  if (name === 'username') {
    if (code === 'too_small')
      return t('auth.problem.usernameTooShort', { min: USERNAME_MIN_LENGTH });
    if (code === 'too_big') return t('auth.problem.usernameTooLong', { max: 30 });
    return t('auth.problem.usernameCharacters');
  }
  if (name === 'email')
    return t(code === 'too_small' ? 'auth.problem.emailRequired' : 'auth.problem.emailInvalid');
  if (name === 'code')
    return t(code === 'too_small' ? 'auth.problem.codeRequired' : 'auth.problem.codeTooLong');
  return fullNameProblem(t, code);
}

/**
 * What registering sends, from the form as filled in. The full name is printed on the person's
 * receipts; a psychologist's also starts their profile with the specialization (patients see the
 * name, never the username). The phone number stays in the form, as the specification says.
 */
export function registerBody(form: typeof EMPTY_FORM, role: Role): RegisterBody {
  const fullName = form.fullName.trim();
  return {
    username: form.username,
    email: form.email,
    password: form.password,
    role,
    ...(fullName ? { fullName } : {}),
    ...(role === 'psychologist'
      ? {
          psychologist_code: form.code.trim(),
          ...(form.specialization
            ? { specialization: form.specialization as RegisterBody['specialization'] }
            : {}),
        }
      : {}),
    consent: true,
  };
}
