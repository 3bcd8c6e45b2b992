import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_LOCALE, LOCALE_LABELS, type Locale } from '@sukoon/shared';
import { ENGLISH, loadMessages, type MessageKey, type Messages } from './catalogue';
import { needsParsing } from './message-text';
import { rememberLocale, setPageLocale } from './locale';

/**
 * Messages in ICU message format (FormatJS's intl-messageformat, the same engine the server's emails
 * use): `{count, plural, one {# session} other {# sessions}}`, `{name}`. Never concatenate translated
 * pieces: one message per sentence, its variables inside it.
 */
export type Translate = (key: MessageKey, values?: Record<string, PrimitiveType>) => string;

/**
 * One formatter per message, made when first shown. A message that is only text (most of them) is
 * shown as it is: no formatter at all. In the built app the others arrive parsed
 * (compile-messages.ts), so the ICU parser is not part of it.
 */
function formatterCache(locale: Locale, messages: Messages) {
  const formats = new Map<MessageKey, IntlMessageFormat>();
  return (key: MessageKey): string | IntlMessageFormat => {
    const message = messages[key];
    if (typeof message === 'string' && !needsParsing(message)) return message;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, locale);
      formats.set(key, format);
    }
    return format;
  };
}

function translator(locale: Locale, messages: Messages): Translate {
  const formatterOf = formatterCache(locale, messages);
  return (key, values) => {
    const format = formatterOf(key);
    return typeof format === 'string' ? format : String(format.format(values));
  };
}

/**
 * A message with markup: `<strong>{email}</strong>` in the catalogue, and `strong: (chunks) =>
 * <strong>{chunks}</strong>` among the values, so a translation can move the emphasis with the words.
 */
export type TranslateRich = (
  key: MessageKey,
  values: Record<string, PrimitiveType | ((chunks: ReactNode) => ReactNode)>,
) => ReactNode;

function richTranslator(locale: Locale, messages: Messages): TranslateRich {
  const formatterOf = formatterCache(locale, messages);
  return (key, values) => {
    const format = formatterOf(key);
    if (typeof format === 'string') return format;
    // The pieces become a fragment's children one by one, not a list: React wants no keys then.
    const pieces = (chunks: ReactNode[]) => createElement(Fragment, null, ...chunks);
    const withPieces = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'function' ? (chunks: ReactNode[]) => value(pieces(chunks)) : value,
      ]),
    );
    const parts = format.format<ReactNode>(withPieces);
    return Array.isArray(parts) ? pieces(parts) : parts;
  };
}

interface I18n {
  locale: Locale;
  t: Translate;
  rich: TranslateRich;
  /**
   * Switches the page's language (fetching its catalogue first). A choice made on this device is
   * remembered for its next visits; `{ chosenHere: false }` (an account's language, adopted at sign-in)
   * is not, so a shared device goes back to its own language after sign-out.
   */
  setLocale: (locale: Locale, options?: { chosenHere?: boolean }) => Promise<void>;
}

/** English, for code outside components (and their tests) that is not given the page's `t`. */
export const englishT: Translate = translator(DEFAULT_LOCALE, ENGLISH);

/**
 * The page's language for the few words written outside React (the API client's "Network error"),
 * kept beside `pageLocale()`; components use `useT()`.
 */
let pageTranslate: Translate = englishT;
export const pageT: Translate = (key, values) => pageTranslate(key, values);

const englishOnly: I18n = {
  locale: DEFAULT_LOCALE,
  t: englishT,
  rich: richTranslator(DEFAULT_LOCALE, ENGLISH),
  setLocale: async () => {},
};
// Without a provider (a component's own test) the app speaks English.
const I18nContext = createContext<I18n>(englishOnly);

export function I18nProvider({
  locale: initial,
  messages: initialMessages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const [state, setState] = useState(() => {
    setPageLocale(initial);
    pageTranslate = translator(initial, initialMessages);
    return { locale: initial, messages: initialMessages };
  });
  const setLocale = useCallback(async (locale: Locale, { chosenHere = true } = {}) => {
    const messages = await loadMessages(locale);
    rememberLocale(locale, { chosen: chosenHere });
    setPageLocale(locale);
    pageTranslate = translator(locale, messages);
    setState({ locale, messages });
  }, []);
  const value = useMemo(
    () => ({
      locale: state.locale,
      t: translator(state.locale, state.messages),
      rich: richTranslator(state.locale, state.messages),
      setLocale,
    }),
    [state, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Draws its children anew when the page's language changes. Dates and times are written by helpers
 * outside React's context (lib/dates.ts reads pageLocale()), so a memoised screen would otherwise keep
 * them in the old language. State that must outlive a language change lives above it.
 */
export function RedrawOnLanguageChange({ children }: { children: ReactNode }) {
  return <Fragment key={useI18n().locale}>{children}</Fragment>;
}

export const useI18n = () => useContext(I18nContext);

/** A language's name in the reader's ("Hindi" to an English reader), its own name where unknown. */
function languageName(locale: Locale, reader: Locale): string {
  try {
    return (
      new Intl.DisplayNames([reader], { type: 'language' }).of(locale) ?? LOCALE_LABELS[locale]
    );
  } catch {
    return LOCALE_LABELS[locale];
  }
}

/**
 * A language chosen by the person. Its words are fetched first, then `save` runs (signed in, it
 * stores the choice with the account, so emails follow it), then the page switches. When either
 * fails, the page keeps its language and `problem` says why, in that language, for the switcher to
 * show: words fetched first, so an account is never left in a language its page could not show.
 */
export function useChooseLocale(save: ((locale: Locale) => Promise<unknown>) | undefined) {
  const { locale: pageLanguage, setLocale, t } = useI18n();
  const [problem, setProblem] = useState<{ kind: 'notLoaded' | 'notSaved'; locale: Locale }>();
  const choose = async (locale: Locale) => {
    setProblem(undefined);
    try {
      await loadMessages(locale);
    } catch {
      setProblem({ kind: 'notLoaded', locale });
      return;
    }
    try {
      await save?.(locale);
    } catch {
      setProblem({ kind: 'notSaved', locale });
      return;
    }
    // The words have arrived, so this cannot fail now.
    await setLocale(locale);
  };
  const problemText =
    problem?.kind === 'notLoaded'
      ? t('language.notLoaded', { language: languageName(problem.locale, pageLanguage) })
      : problem?.kind === 'notSaved'
        ? t('avatarMenu.languageNotSaved')
        : null;
  return { choose, problem: problemText };
}
export const useT = () => useContext(I18nContext).t;
