import {
  BIO_MAX_LENGTH,
  JITSI_SERVER_MAX_LENGTH,
  MEETING_LINK_MAX_LENGTH,
  REGISTRATION_NUMBER_MAX_LENGTH,
  SPECIALIZATIONS,
  YEARS_OF_PRACTICE_MAX,
  type PolicyKey,
} from '@sukoon/shared';
import {
  wordProblem,
  wordServerProblem,
  type ProblemsAt,
} from '../../components/form/use-schema-form';
import type { Translate } from '../../i18n/i18n';
import {
  fullNameProblems,
  type Issue,
  type ProblemsOf,
  type ServerProblem,
} from '../../i18n/shared-words';
import { POLICY_PROBLEMS, policyProblems } from './policy-fields';
import type { ProfileField } from './profile-values';

/** Where a problem shows: a field, a policy setting ("policy.breakMinutes") or the whole form. */
export type ProfileProblemKey = ProfileField | `policy.${PolicyKey}` | 'form';

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
export const PROFILE_PROBLEMS: Record<
  Exclude<ProfileField, 'policy' | 'meetingLinks'>,
  ProblemsOf
> = {
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
export const problemsAt: ProblemsAt<ProfileProblemKey> = (path) => {
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
};

/** The shared schema's objection (a zod issue) in the page's language, and where it is shown. */
export function profileProblem(
  t: Translate,
  issue: Issue & { path: ReadonlyArray<PropertyKey> },
): [ProfileProblemKey, string] {
  return wordProblem(t, problemsAt, issue);
}

/** The server's objection to a part of the body (its `details` path, "body.policy.horizonWeeks"). */
export function profileServerProblem(
  t: Translate,
  path: string,
  detail?: ServerProblem,
): [ProfileProblemKey, string] {
  return wordServerProblem(t, problemsAt, path, detail);
}
