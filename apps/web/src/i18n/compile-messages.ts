import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { needsParsing } from './message-text';

/**
 * A catalogue as the built app carries it (decision 0018): each message parsed once, at build time,
 * so the browser never downloads the ICU parser (about 10 kB compressed). A message that is only text
 * stays a string, the text it shows; any other message is its syntax tree, which `intl-messageformat`
 * formats without parsing. Used by the Vite build (vite.config.ts), never by the app itself.
 */
export type CompiledMessage = string | MessageFormatElement[];

export function compileMessages(
  messages: Record<string, string>,
  locale: string,
): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      const tree = parse(message, { locale: new Intl.Locale(locale) });
      const only = tree.length === 1 ? tree[0] : undefined;
      const text = tree.length === 0 ? '' : only?.type === TYPE.literal ? only.value : undefined;
      return [key, text !== undefined && !needsParsing(text) ? text : tree];
    }),
  );
}

/** The names a message fills in ({name}, {count, plural, ...}, <strong>), sorted, and which are tags. */
export function messageNames(elements: MessageFormatElement[]) {
  const names = new Set<string>();
  const tags = new Set<string>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.tag) {
        tags.add(element.value);
        walk(element.children);
      }
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return { names: [...names].sort(), tags };
}
