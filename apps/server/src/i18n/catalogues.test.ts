import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_TRANSLATIONS, ERRORS, LOCALES } from '@sukoon/shared';
import en from './en.json';
import hi from './hi.json';

/**
 * The server's catalogue checks (issue 22), run with the unit tests: every language has exactly
 * English's keys with the same placeholders, the error catalogue is translated code for code, and no
 * key sits in the catalogue unused.
 */
const CATALOGUES: Record<string, Record<string, string>> = { hi };
const others = LOCALES.filter((locale) => locale !== 'en');

function placeholders(elements: MessageFormatElement[], found = new Set<string>()): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the server catalogues', () => {
  it('has a catalogue file for every language Sukoon speaks', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...others].sort());
  });

  it.each(others)('%s has exactly English’s keys, with the same placeholders', (locale) => {
    const messages = CATALOGUES[locale]!;
    expect(Object.keys(en).filter((key) => !(key in messages))).toEqual([]);
    expect(Object.keys(messages).filter((key) => !(key in en))).toEqual([]);
    for (const [key, message] of Object.entries(en)) {
      expect(placeholders(parse(messages[key]!)), key).toEqual(placeholders(parse(message)));
    }
  });

  it.each(others)('%s translates every code of the error catalogue', (locale) => {
    const messages: Record<string, string> = ERROR_TRANSLATIONS[locale];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [code, message] of Object.entries(messages)) {
      expect(message.trim(), code).not.toBe('');
      expect(message, code).not.toBe(ERRORS[code as keyof typeof ERRORS].message);
    }
  });

  it('holds no key that no code uses', () => {
    const code = sourceFiles(path.resolve(import.meta.dirname, '..'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(Object.keys(en).filter((key) => !code.includes(`'${key}'`))).toEqual([]);
  });
});
