/**
 * One `Intl.DateTimeFormat` per locale and options, made once and reused. Making a formatter is
 * slow (it loads the locale's and zone's data: a fraction of a millisecond each, far more on a slow
 * phone) while formatting with one is quick; the week grid formats hundreds of labels per render,
 * which made it a long task (issue 19). The set of keys is small (a few locales, option sets and
 * the zones in use), but it is emptied past 500 so no input can make it grow without end.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 500;

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // A bad zone throws here, as `new Intl.DateTimeFormat` did, and nothing is kept.
    formatter = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
