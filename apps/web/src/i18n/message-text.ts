/**
 * Whether a catalogue string must be parsed before it is shown: it holds ICU syntax (braces, an
 * apostrophe that may quote, a tag). Any other string is shown as it is. A catalogue compiled for
 * the build (compile-messages.ts) holds no string that needs parsing: those become parsed trees.
 */
export const needsParsing = (message: string) => /[{}'<]/.test(message);
