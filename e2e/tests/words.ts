import { readFileSync } from 'node:fs';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { dateTimeFormat } from '../../packages/shared/src/date-time-format';
import type { ERROR_TRANSLATIONS } from '../../packages/shared/src/error-translations';
import { ERRORS, type ErrorCode } from '../../packages/shared/src/errors';
import { intlLocale, LOCALES, type Locale } from '../../packages/shared/src/locales';
import { formatClock, zoneName } from '../../packages/shared/src/time-format';
import { test } from '../fixtures';

/**
 * The journeys find controls by the words a reader sees, taken from the web app's own catalogues
 * (and the server's, for emails): each journey runs in English and in Hindi (issue 22), and a
 * reworded message moves the journeys with it. `say('booking.addTitle')` is "Add Event" in the
 * English projects and "इवेंट जोड़ें" in the Hindi ones. The languages, their `Intl` locales, the
 * API's error messages and how times are written come from the shared package, as the app's do.
 */
export type Language = Locale;

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** Each language's catalogue of one place, `<folder>/<code>.json`, for every language in `LOCALES`. */
const catalogues = (folder: string) =>
  Object.fromEntries(LOCALES.map((lang) => [lang, json(`${folder}/${lang}.json`)])) as Record<
    Language,
    Record<string, string>
  >;
const WEB = catalogues('../../apps/web/src/i18n');
const SERVER = catalogues('../../apps/server/src/i18n');
/**
 * The shared `ERROR_TRANSLATIONS`, read from the files it is made of: that module imports JSON,
 * which Playwright's loader cannot on Node 20 (it needs an import attribute), so its type only.
 */
const TRANSLATED_ERRORS = Object.fromEntries(
  LOCALES.filter((lang) => lang !== 'en').map((lang) => [
    lang,
    json(`../../packages/shared/src/i18n/errors.${lang}.json`),
  ]),
) as typeof ERROR_TRANSLATIONS;

/** The language of the journey's project: `laptop` and `phone` read English, `*-hi` Hindi. */
export function language(): Language {
  return (test.info().project.metadata as { language?: Language }).language ?? 'en';
}

type Values = Record<string, PrimitiveType>;
/** Values of a pattern: text, or a pattern of its own for a part the journey knows only the shape of. */
type PatternValues = Record<string, PrimitiveType | RegExp>;

function format(
  messages: Record<string, string>,
  lang: Language,
  key: string,
  values: Values,
  /** What a placeholder left out of `values` reads as (a pattern's hole); required when not given. */
  hole?: (name: string) => PrimitiveType,
) {
  const message = messages[key];
  if (message === undefined) throw new Error(`no ${lang} message ${key}`);
  // Rich-text tags (<b>…</b>) read as their text, as a screen reader and getByText see them.
  const tags: Record<string, (chunks: string[]) => string> = Object.fromEntries(
    [...message.matchAll(/<(\w+)>/g)].map(([, tag]) => [
      tag,
      (chunks: string[]) => chunks.join(''),
    ]),
  );
  const given: Record<string, unknown> = { ...tags, ...values };
  const all = hole
    ? new Proxy(given, { has: () => true, get: (_, name: string) => given[name] ?? hole(name) })
    : given;
  const text = new IntlMessageFormat(message, intlLocale(lang, 'en-IN')).format<string>(
    all as Values,
  );
  return Array.isArray(text) ? text.join('') : String(text);
}

/** A web message in a language, its `{placeholders}` filled. */
export function sayIn(lang: Language, key: string, values: Values = {}): string {
  return format(WEB[lang], lang, key, values);
}

/** A web message in the journey's language. */
export const say = (key: string, values: Values = {}) => sayIn(language(), key, values);

const HOLE = '\u0000';
/** An API error's message (the shared error catalogue), as the server words it in the journey's language. */
export function apiError(code: ErrorCode): string {
  const lang = language();
  return lang === 'en' ? ERRORS[code].message : TRANSLATED_ERRORS[lang][code];
}

/** A text that starts with these words (a field's name or description: its label, then its hint). */
export const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/** Text as a regular expression that matches exactly it. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pattern(
  messages: Record<string, string>,
  lang: Language,
  key: string,
  values: PatternValues,
) {
  const parts: string[] = [];
  const plain: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (!(value instanceof RegExp)) plain[name] = value;
    else {
      parts.push(value.source);
      plain[name] = `${HOLE}${parts.length - 1}${HOLE}`;
    }
  }
  return escapeRegExp(format(messages, lang, key, plain, () => HOLE))
    .replace(
      new RegExp(`${HOLE}(\\d+)${HOLE}`, 'g'),
      (_, index: string) => `(?:${parts[Number(index)]})`,
    )
    .replaceAll(HOLE, '.+');
}

/**
 * A web message as a pattern of the whole text: the placeholders left out of `values` match any
 * text (a name or a date the journey cannot know); a RegExp value matches by its own pattern.
 * Plural and select arguments must be given.
 */
export function sayPatternIn(lang: Language, key: string, values: PatternValues = {}): RegExp {
  return new RegExp(`^${pattern(WEB[lang], lang, key, values)}$`);
}

/** The same pattern, found anywhere in a longer text (for `toContainText`). */
export const sayPart = (key: string, values: PatternValues = {}) =>
  new RegExp(pattern(WEB[language()], language(), key, values));

/** Any of several patterns: a label that reads one way or another (with the viewer's own time or not). */
export const either = (...patterns: RegExp[]) =>
  new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));

/** The journey's language's `sayPatternIn`. */
export const sayPattern = (key: string, values: PatternValues = {}) =>
  sayPatternIn(language(), key, values);

/** A server message (an email's subject, an API answer) in a language, its `{placeholders}` filled. */
export const mailIn = (lang: Language, key: string, values: Values = {}) =>
  format(SERVER[lang], lang, key, values);

/** A server message in the journey's language. */
export const mail = (key: string, values: Values = {}) => mailIn(language(), key, values);

/** The same, as a pattern whose left-out placeholders match anything (a code, a name). */
export const mailPattern = (key: string, values: PatternValues = {}) =>
  new RegExp(pattern(SERVER[language()], language(), key, values));

/**
 * "11:00 AM" in English and "11:00 am" in Hindi: a time of day as the week grid and the dialogs
 * write it (the shared `formatClock`), from "11:00", "15:30" or "3:30 PM".
 */
export function clock(time: string): string {
  const [, h, m, half] = /^(\d{1,2}):(\d{2})(?: (AM|PM))?$/.exec(time) ?? [];
  if (h === undefined) throw new Error(`not a time: ${time}`);
  const hour = (Number(h) % (half ? 12 : 24)) + (half === 'PM' ? 12 : 0);
  return formatClock(new Date(Date.UTC(2026, 0, 1, hour, Number(m))), 'UTC', language());
}

/** A zone as the screens name it in the journey's language ("India Standard Time"). */
export const zone = (timeZone: string) => zoneName(timeZone, language());

/** "11:00 AM – 11:45 AM" in the journey's language. */
export const clockRange = (from: string, to: string) => `${clock(from)} – ${clock(to)}`;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A weekday's name in the journey's language ("Friday", "शुक्रवार"), as the week grid writes it. */
export function weekday(english: string): string {
  const index = WEEKDAYS.indexOf(english);
  if (index < 0) throw new Error(`not a weekday: ${english}`);
  // 4 January 2026 was a Sunday.
  return dateTimeFormat(intlLocale(language(), 'en-US'), {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2026, 0, 4 + index)));
}
