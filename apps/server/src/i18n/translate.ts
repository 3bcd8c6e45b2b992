import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import {
  ERROR_TRANSLATIONS,
  ERRORS,
  negotiateLocale,
  type ErrorCode,
  type Locale,
} from '@sukoon/shared';
import en from './en.json';
import hi from './hi.json';

/**
 * The server's words in each language: its own catalogue (emails, answers) in ICU message format,
 * English the source of truth. A new language adds one file here and one beside the error catalogue
 * (`packages/shared/src/i18n/errors.<locale>.json`); the catalogue check keeps their keys the same.
 */
export type MessageKey = keyof typeof en;
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, hi };

const formats = new Map<string, IntlMessageFormat>();

/** One message in a language, its ICU placeholders filled in (plurals by that language's rules). */
export function translate(
  locale: Locale,
  key: MessageKey,
  values?: Record<string, PrimitiveType>,
): string {
  const cacheKey = `${locale}\u0000${key}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][key], locale);
    formats.set(cacheKey, format);
  }
  return String(format.format(values));
}

/**
 * A message of the catalogue with its values, worded later in a reader's language: a value may be a
 * message itself (a duration such as "12 h"), worded in the same language.
 */
export interface Message {
  key: MessageKey;
  values?: Record<string, string | number | Message>;
}

/** A message and the messages among its values, in a language. */
export function translateMessage(locale: Locale, message: Message): string {
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? translateMessage(locale, value) : value,
    ]),
  );
  return translate(locale, message.key, values);
}

/** A function that speaks one language, for code that writes several messages (an email). */
export const translatorFor =
  (locale: Locale) => (key: MessageKey, values?: Record<string, PrimitiveType>) =>
    translate(locale, key, values);
export type Translator = ReturnType<typeof translatorFor>;

/** The error catalogue's message for a code, in a language (English for an unknown code's INTERNAL). */
export function errorMessageIn(locale: Locale, code: ErrorCode): string {
  return locale === 'en' ? ERRORS[code].message : ERROR_TRANSLATIONS[locale][code];
}

/** The language of a request: the signed-in person's, else the best of its Accept-Language. */
export function requestLocale(request: {
  auth: { locale: Locale } | null;
  headers: { 'accept-language'?: string | undefined };
}): Locale {
  return request.auth?.locale ?? negotiateLocale(request.headers['accept-language']);
}
