/**
 * The languages Sukoon speaks. English is the default and the source of truth; every other language is
 * a translation of its catalogues. Adding one: its code here, its label in its own script below, and
 * one catalogue file per place (docs/features.md, "Adding a language"). Zod-free: the first load
 * reads it.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in its own script, as the switchers show it. */
export const LOCALE_LABELS: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `hi-IN` -> `hi`, `EN_gb` -> `en`; undefined for a language Sukoon does not speak. */
export function supportedLocaleOf(tag: string): Locale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The best supported language of an `Accept-Language` header (RFC 9110 §12.5.4): the highest
 * q-value wins, earlier entries win ties, `q=0` means "not this one", `*` means the default.
 * Anything unreadable or unsupported gives English.
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const qParam = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0, index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (range.tag === '*') return DEFAULT_LOCALE;
    const locale = supportedLocaleOf(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The first supported language of a list in preference order (the browser's navigator.languages). */
export function firstSupportedLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = supportedLocaleOf(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The `Intl` locale that writes dates, times and money in a language. English keeps each caller's own
 * English (en-US clocks, en-IN dates, as before issue 22); Hindi is hi-IN: Hindi day and month names,
 * Western digits, ₹ with Indian grouping.
 */
const INTL_TAGS: Record<Exclude<Locale, 'en'>, string> = { hi: 'hi-IN' };
export function intlLocale(locale: Locale, english: string): string {
  return locale === 'en' ? english : INTL_TAGS[locale];
}

/** A built page in a language: English's is `name.html`, another's `name.<locale>.html`. */
export function localizedPage(page: string, locale: Locale): string {
  return locale === 'en' ? page : page.replace(/\.html$/, `.${locale}.html`);
}
