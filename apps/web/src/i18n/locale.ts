import {
  DEFAULT_LOCALE,
  firstSupportedLocale,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
} from '@sukoon/shared';

/**
 * The language of this browser's visits before (and besides) an account's: the one chosen here, else
 * the first of the browser's languages Sukoon speaks, else English. The choice is kept in local
 * storage for the app and in a cookie for the server, which sends the prerendered page in it.
 */
export const LOCALE_STORAGE_KEY = 'sukoon-locale';

export function storedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function initialLocale(): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return languages.length > 0 ? firstSupportedLocale(languages) : DEFAULT_LOCALE;
}

/**
 * Says the page's language on `<html lang>` (which also brings the Devanagari font for Hindi) and in
 * the cookie the server picks the prerendered page by; a person's own choice is also stored.
 */
export function rememberLocale(locale: Locale, { chosen = false } = {}) {
  if (chosen) {
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage may be off (private modes): the cookie still carries the choice.
    }
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = locale;
}

/**
 * The page's language, for code that has no `t` at hand: API requests ask for it (`Accept-Language`,
 * so unsigned answers and emails follow it) and the date helpers (lib/dates.ts) write in it.
 */
let current: Locale = DEFAULT_LOCALE;
export const pageLocale = () => current;
export function setPageLocale(locale: Locale) {
  current = locale;
}
