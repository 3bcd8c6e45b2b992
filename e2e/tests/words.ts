import { readFileSync } from 'node:fs';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { ERRORS, type ErrorCode } from '../../packages/shared/src/errors';
import { test } from '../fixtures';

/**
 * The journeys find controls by the words a reader sees, taken from the web app's own catalogues
 * (and the server's, for emails): each journey runs in English and in Hindi (issue 22), and a
 * reworded message moves the journeys with it. `say('booking.addTitle')` is "Add Event" in the
 * English projects and "इवेंट जोड़ें" in the Hindi ones.
 */
export type Language = 'en' | 'hi';

const catalogue = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, string>;
const WEB = {
  en: catalogue('../../apps/web/src/i18n/en.json'),
  hi: catalogue('../../apps/web/src/i18n/hi.json'),
};
const SERVER = {
  en: catalogue('../../apps/server/src/i18n/en.json'),
  hi: catalogue('../../apps/server/src/i18n/hi.json'),
};
const HINDI_ERRORS = catalogue('../../packages/shared/src/i18n/errors.hi.json') as Record<
  ErrorCode,
  string
>;
const INTL = { en: 'en-IN', hi: 'hi-IN' } as const;

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
  const text = new IntlMessageFormat(message, INTL[lang]).format<string>(all as Values);
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
export const apiError = (code: ErrorCode) =>
  language() === 'hi' ? HINDI_ERRORS[code] : ERRORS[code].message;

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

/** A server message (an email's subject, an API answer) in the journey's language. */
export const mail = (key: string, values: Values = {}) =>
  format(SERVER[language()], language(), key, values);

/** The same, as a pattern whose left-out placeholders match anything (a code, a name). */
export const mailPattern = (key: string, values: PatternValues = {}) =>
  new RegExp(pattern(SERVER[language()], language(), key, values));

/**
 * "11:00 AM" in English and "11:00 am" in Hindi: a time of day as the week grid and the dialogs
 * write it (the app's formatter: en-US or hi-IN), from "11:00", "15:30" or "3:30 PM".
 */
export function clock(time: string): string {
  const [, h, m, half] = /^(\d{1,2}):(\d{2})(?: (AM|PM))?$/.exec(time) ?? [];
  if (h === undefined) throw new Error(`not a time: ${time}`);
  const hour = (Number(h) % (half ? 12 : 24)) + (half === 'PM' ? 12 : 0);
  return new Intl.DateTimeFormat(language() === 'en' ? 'en-US' : 'hi-IN', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2026, 0, 1, hour, Number(m))));
}

/** "11:00 AM – 11:45 AM" in the journey's language. */
export const clockRange = (from: string, to: string) => `${clock(from)} – ${clock(to)}`;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A weekday's name in the journey's language ("Friday", "शुक्रवार"). */
export function weekday(english: string): string {
  const index = WEEKDAYS.indexOf(english);
  if (index < 0) throw new Error(`not a weekday: ${english}`);
  // 4 January 2026 was a Sunday.
  return new Intl.DateTimeFormat(language() === 'en' ? 'en-US' : 'hi-IN', {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2026, 0, 4 + index)));
}
