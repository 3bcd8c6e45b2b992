import {
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  type Specialization,
} from '@sukoon/shared';
import type { MessageKey } from './catalogue';
import type { Translate } from './i18n';

/** Each specialization's name: registration, the profile, and the patient's chooser show them. */
export const SPECIALIZATION_NAMES: Record<Specialization, MessageKey> = {
  clinical: 'auth.specialization.clinical',
  counseling: 'auth.specialization.counseling',
  cognitive: 'auth.specialization.cognitive',
  child: 'auth.specialization.child',
  family: 'auth.specialization.family',
  addiction: 'auth.specialization.addiction',
  trauma: 'auth.specialization.trauma',
  other: 'auth.specialization.other',
};

/** The shared schema's objection to a full name (its zod issue code), worded from the catalogue. */
export function fullNameProblem(t: Translate, code: string): string {
  if (code === 'too_small')
    return t('auth.problem.fullNameTooShort', { min: DISPLAY_NAME_MIN_LENGTH });
  if (code === 'too_big')
    return t('auth.problem.fullNameTooLong', { max: DISPLAY_NAME_MAX_LENGTH });
  return t('auth.problem.fullNameCharacters');
}
