import { readFileSync } from 'node:fs';

/**
 * The Hindi journeys find controls by the words a Hindi reader sees: the web app's own Hindi
 * catalogue, so a reworded translation moves the journey with it. Only simple messages (text with
 * `{name}` placeholders); a plural or select message is refused rather than guessed at.
 */
const HINDI = JSON.parse(
  readFileSync(new URL('../../apps/web/src/i18n/hi.json', import.meta.url), 'utf8'),
) as Record<string, string>;

export function hindi(key: string, values: Record<string, string | number> = {}): string {
  const message = HINDI[key];
  if (message === undefined) throw new Error(`no Hindi message ${key}`);
  if (/\{\w+,/.test(message) || /[<']/.test(message))
    throw new Error(`${key} is not a simple message: find it another way`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${key} needs {${name}}`);
    return String(values[name]);
  });
}

/** A message as a pattern, its placeholders matching anything: for names a journey cannot know. */
export function hindiPattern(key: string): RegExp {
  const message = hindi(key, new Proxy({}, { has: () => true, get: () => '\u0000' }));
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\u0000', '.+');
  return new RegExp(`^${escaped}$`);
}
