import type { LANGUAGES } from '@sukoon/shared';
import { type PracticePolicy, type Psychologist } from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { meetingLinksBody, meetingLinkValues, type MeetingLinkValues } from './meeting-link-fields';
import { choiceFor, type TimeZoneChoice } from './time-zones';

/** The form's copy of a profile: numbers as typed, the meeting links with both addresses. */
export interface ProfileValues {
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

export type ProfileField = keyof ProfileValues;

export function profileValues(
  profile: Psychologist,
  zones: readonly TimeZoneChoice[],
): ProfileValues {
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
function bodyValue(field: ProfileField, values: ProfileValues): unknown {
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
 * The fields changed since `saved`, as the PATCH sends them, or null when none changed. Only
 * changed fields are sent, so a profile still missing its languages can have its fees changed.
 */
export function changedBody(
  values: ProfileValues,
  saved: ProfileValues,
): Record<string, unknown> | null {
  const changed = (Object.keys(values) as ProfileField[]).filter(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(saved[field]),
  );
  return changed.length === 0
    ? null
    : Object.fromEntries(changed.map((field) => [field, bodyValue(field, values)]));
}

/** The languages' names in the page's language; the value saved stays the English name. */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], MessageKey> = {
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
