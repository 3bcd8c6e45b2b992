/**
 * Whether a psychologist's profile is complete enough for patients to choose by. Apart from the
 * profile's schemas (profile.ts), so the psychologist's dashboard can ask without loading them.
 */
export interface ProfileFacts {
  specializations: readonly string[];
  languages: readonly string[];
  bio: string;
  yearsOfPractice: number | null;
}

export const PROFILE_PARTS = ['specializations', 'languages', 'bio', 'yearsOfPractice'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];
/** What a profile still lacks before patients can choose with confidence (the registration number is optional). */
export function missingProfileParts(profile: ProfileFacts): ProfilePart[] {
  return PROFILE_PARTS.filter((part) => {
    if (part === 'yearsOfPractice') return profile.yearsOfPractice === null;
    if (part === 'bio') return profile.bio.trim() === '';
    return profile[part].length === 0;
  });
}
