import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compileMessages, messageNames } from './compile-messages';
import en from './en.json';
import hi from './hi.json';
import { needsParsing } from './message-text';

const SAMPLE = {
  plain: 'Book a session',
  quoted: 'You’re in; it’s the psychologist’s slot',
  apostrophe: "Don't '{'braces'}'",
  variable: 'Hello {name}',
  plural: '{count, plural, one {# session} other {# sessions}}',
  tag: 'Sent to <strong>{email}</strong>',
};

/** A value for each name a message fills in: a tag's function, 3 for anything else. */
function valuesFor(message: string) {
  const { names, tags } = messageNames(parse(message));
  return Object.fromEntries(
    names.map((name) => [name, tags.has(name) ? (chunks: unknown) => chunks : 3]),
  );
}

describe('catalogues compiled for the build', () => {
  it('keeps text as text and parses everything else, once', () => {
    const compiled = compileMessages(SAMPLE, 'en');
    expect(compiled.plain).toBe('Book a session');
    expect(compiled.quoted).toBe('You’re in; it’s the psychologist’s slot');
    expect(Array.isArray(compiled.apostrophe)).toBe(true);
    expect(Array.isArray(compiled.variable)).toBe(true);
    expect(Array.isArray(compiled.tag)).toBe(true);
  });

  it.each([
    ['en', en],
    ['hi', hi],
  ])('%s says exactly what the catalogue as written says', (locale, messages) => {
    const compiled = compileMessages({ ...messages, ...SAMPLE }, locale);
    for (const [key, written] of Object.entries({ ...messages, ...SAMPLE })) {
      const message = compiled[key]!;
      const values = valuesFor(written);
      if (typeof message === 'string') expect(needsParsing(message), key).toBe(false);
      const shown =
        typeof message === 'string'
          ? message
          : new IntlMessageFormat(message, locale).format<unknown>(values);
      expect(shown, key).toEqual(new IntlMessageFormat(written, locale).format<unknown>(values));
    }
  });
});
