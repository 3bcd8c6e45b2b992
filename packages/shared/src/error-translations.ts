import type { ErrorCode } from './errors';
import type { Locale } from './locales';
import hi from './i18n/errors.hi.json';

/**
 * The error catalogue (`errors.ts`, English, the source of truth) in every other language, one file per
 * language in `i18n/`. The type makes a missing or unknown code a compile error as well as a failed
 * catalogue check.
 */
export const ERROR_TRANSLATIONS: Record<Exclude<Locale, 'en'>, Record<ErrorCode, string>> = { hi };
