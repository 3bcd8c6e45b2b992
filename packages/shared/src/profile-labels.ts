// Zod-free, so the web app's first load can use it without zod (decision 0017); profile.ts re-exports it.

/** Specialisations offered by the registration form and the profile (see ./profile). */
export const SPECIALIZATIONS = [
  'clinical',
  'counseling',
  'cognitive',
  'child',
  'family',
  'addiction',
  'trauma',
  'other',
] as const;

/** English, then the 22 languages of the Eighth Schedule of the Constitution of India, A to Z. */
export const LANGUAGES = [
  'English',
  'Assamese',
  'Bengali',
  'Bodo',
  'Dogri',
  'Gujarati',
  'Hindi',
  'Kannada',
  'Kashmiri',
  'Konkani',
  'Maithili',
  'Malayalam',
  'Manipuri',
  'Marathi',
  'Nepali',
  'Odia',
  'Punjabi',
  'Sanskrit',
  'Santali',
  'Sindhi',
  'Tamil',
  'Telugu',
  'Urdu',
] as const;

/** The directory's filters: `GET /api/psychologists?specialization=&language=`. */
export interface ListPsychologistsQuery {
  specialization?: (typeof SPECIALIZATIONS)[number];
  language?: (typeof LANGUAGES)[number];
}

/** `/api/psychologists?specialization=&language=`, leaving out what is not chosen. */
export function psychologistsPath(query: ListPsychologistsQuery = {}): string {
  const search = (['specialization', 'language'] as const)
    .filter((key) => query[key])
    .map((key) => `${key}=${encodeURIComponent(query[key]!)}`)
    .join('&');
  return search ? `/api/psychologists?${search}` : '/api/psychologists';
}
