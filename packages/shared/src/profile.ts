import { z } from 'zod';
import { RateInr, TimeZoneSchema } from './availability';
import { MeetingLinks, MeetingLinksSetting } from './meeting-rooms';
import { FullName } from './names';
import { PracticePolicy } from './policy';
import {
  LANGUAGES,
  SPECIALIZATIONS,
  type ListPsychologistsQuery as ListPsychologistsQueryFields,
} from './profile-labels';
import type { Expect, SameType } from './type-checks';
export * from './profile-labels';

/**
 * A psychologist's profile: what a patient reads to choose one (issue 17 §2). One place for the lists,
 * the limits and the schemas, so the profile form, the server and the chooser agree.
 */

export type Specialization = (typeof SPECIALIZATIONS)[number];

export type Language = (typeof LANGUAGES)[number];

export const BIO_MAX_LENGTH = 600;
export const YEARS_OF_PRACTICE_MAX = 70;
export const REGISTRATION_NUMBER_MAX_LENGTH = 40;
/** The chooser's "next available" is for the shortest session, over the picker's four weeks. */
export const NEXT_AVAILABLE_DURATION_MINUTES = 20;

export const Specialization = z.enum(SPECIALIZATIONS, {
  error: `Choose a specialization: ${SPECIALIZATIONS.join(', ')}`,
});
export const Language = z.enum(LANGUAGES, {
  error: `Choose a language from the list (English, Hindi, Tamil...)`,
});

/** One spelling of a bio: Windows line endings made one, spaces at either end removed. */
export function normalizeBio(raw: string): string {
  return raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

// Control characters other than the line break and tab, bidi overrides and isolates: never part of a bio.
const NOT_IN_A_BIO = /[^\P{Cc}\n\t]|[\u202A-\u202E\u2066-\u2069]/u;

export const Bio = z
  .string()
  .transform(normalizeBio)
  .pipe(
    z
      .string()
      .max(BIO_MAX_LENGTH, `Keep the bio to ${BIO_MAX_LENGTH} characters or fewer`)
      .refine((bio) => !NOT_IN_A_BIO.test(bio), {
        message: 'The bio holds an invisible control character',
        params: { check: 'bioControlCharacter' },
      }),
  );

export const YearsOfPractice = z
  .number({ error: 'Enter your years of practice as a number' })
  .int('Enter whole years of practice')
  .min(0, 'Years of practice cannot be negative')
  .max(YEARS_OF_PRACTICE_MAX, `Years of practice can be at most ${YEARS_OF_PRACTICE_MAX}`);

/** As given (an RCI number such as "CRR A12345" or a state council's): shown, never verified. */
export const RegistrationNumber = z
  .string()
  .transform((raw) => raw.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(
        REGISTRATION_NUMBER_MAX_LENGTH,
        `A registration number can be at most ${REGISTRATION_NUMBER_MAX_LENGTH} characters`,
      )
      .regex(
        /^[\p{L}\p{N} ./-]*$/u,
        'A registration number can hold letters, digits, spaces and . / - only',
      ),
  )
  // Empty means "none": the form's cleared field removes it.
  .transform((value) => (value === '' ? null : value));

function unique<T>(values: readonly T[]) {
  return new Set(values).size === values.length;
}

export const Psychologist = z.object({
  id: z.uuid(),
  /** The psychologist's full name: what patients see, never a bare username. */
  displayName: z.string(),
  timeZone: z.string(),
  /** Fees in rupees (the original client reads these names). */
  session_20_minute_rate: z.number(),
  session_45_minute_rate: z.number(),
  specializations: z.array(Specialization),
  languages: z.array(Language),
  bio: z.string(),
  yearsOfPractice: z.number().int().nullable(),
  /** As the psychologist gave it; not verified by Sukoon. */
  registrationNumber: z.string().nullable(),
  /** How patients book, move and cancel with this psychologist. */
  policy: PracticePolicy,
  /** How sessions get their meeting link: only in answers to the psychologist themselves. */
  meetingLinks: MeetingLinksSetting.optional(),
});
export type Psychologist = z.infer<typeof Psychologist>;

/** A psychologist in the patient's list: the profile and the first time a session can start. */
export const PsychologistListItem = Psychologist.extend({
  /** ISO instant of the first bookable 20-minute start in the next 28 days; null when there is none. */
  next_available: z.string().nullable(),
});
export type PsychologistListItem = z.infer<typeof PsychologistListItem>;

export const ListPsychologistsQuery = z.object({
  specialization: Specialization.optional(),
  language: Language.optional(),
});
/** profile-labels.ts's type, which the schema above reads exactly. */
export type ListPsychologistsQuery = ListPsychologistsQueryFields;
type _SchemaReadsListPsychologistsQuery = Expect<
  SameType<z.output<typeof ListPsychologistsQuery>, ListPsychologistsQuery>
>;

export const UpdatePsychologistBody = z
  .object({
    displayName: FullName,
    timeZone: TimeZoneSchema,
    session_20_minute_rate: RateInr,
    session_45_minute_rate: RateInr,
    specializations: z
      .array(Specialization)
      .min(1, 'Choose at least one specialization')
      .refine(unique, {
        message: 'Choose each specialization once',
        params: { check: 'eachOnce' },
      }),
    languages: z
      .array(Language)
      .min(1, 'Choose at least one language you see patients in')
      .refine(unique, { message: 'Choose each language once', params: { check: 'eachOnce' } }),
    bio: Bio,
    yearsOfPractice: YearsOfPractice,
    registrationNumber: RegistrationNumber.nullable(),
    policy: PracticePolicy,
    meetingLinks: MeetingLinks,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one field to change',
    params: { check: 'somethingToChange' },
  });
export type UpdatePsychologistBody = z.infer<typeof UpdatePsychologistBody>;

/**
 * A name to show for an account that has none but its username (accounts from before full names
 * were kept, or a registration that left Full name empty): "asha_rao" reads "Asha Rao".
 */
export function nameFromUsername(username: string): string {
  const words = username
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
  return words.length > 0 ? words.join(' ') : username;
}
