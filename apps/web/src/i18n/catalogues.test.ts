import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@sukoon/shared';
import sukoonI18n from '../../../../eslint/sukoon-i18n.js';
import { messageNames } from './compile-messages';

/**
 * The catalogue checks of issue 22, run with the unit tests (and so in CI): every language has
 * exactly English's keys, with the same placeholders; no key sits in a catalogue unused; the lint
 * rule that keeps words out of components finds what it should.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const src = path.join(root, 'apps/web/src');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(src, 'i18n', file), 'utf8')) as Record<string, string>;
const english = read('en.json');
const others = LOCALES.filter((locale) => locale !== 'en').map((locale) => ({
  locale,
  messages: read(`${locale}.json`),
}));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const placeholders = (elements: MessageFormatElement[]) => messageNames(elements).names;

describe('the web catalogues', () => {
  it.each(others)('$locale has exactly the keys English has', ({ messages }) => {
    const missing = Object.keys(english).filter((key) => !(key in messages));
    const extra = Object.keys(messages).filter((key) => !(key in english));
    expect(missing, 'in English but not translated').toEqual([]);
    expect(extra, 'translated but not in English').toEqual([]);
  });

  it.each(others)(
    '$locale fills in the same placeholders, in valid ICU',
    ({ locale, messages }) => {
      for (const [key, message] of Object.entries(english)) {
        const translated = messages[key];
        if (translated === undefined) continue;
        expect(() => new IntlMessageFormat(translated, locale), key).not.toThrow();
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(parse(translated)), key).toEqual(placeholders(parse(message)));
      }
    },
  );

  it('holds no key that no code uses', () => {
    const code = sourceFiles(src)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english).filter(
      (key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });
});

describe('the lint rule for untranslated text', () => {
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.tsx'],
      languageOptions: {
        parser: tseslint.parser,
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
      plugins: { 'sukoon-i18n': sukoonI18n },
      rules: { 'sukoon-i18n/no-untranslated-text': 'error' as const },
    },
  ];

  it('catches text in a component, in attributes and in what an expression shows', () => {
    const found = linter.verify(
      `export const A = ({ busy }: { busy: boolean }) => (
        <div aria-label="Account menu" title={busy ? 'Saving' : t('x')}>
          Sign in {busy && 'Working...'} {' '} {'✓'} {t('ok')}
          <input placeholder={\`Type here\`} />
          <Boundary region="the calendar" className="mt-2 text-sm" rel="noopener noreferrer" />
          <Boundary region="app.region.calendar" />
        </div>
      );`,
      config,
      'apps/web/src/example.tsx',
    );
    expect(found.map((problem) => problem.message.match(/"([^"]*)"/)?.[1])).toEqual([
      'Account menu',
      'Saving',
      'Sign in',
      'Working...',
      'Type here',
      'the calendar',
    ]);
  });
});
