/** Deeper JSON than any request body of the API needs; the catalogue's BODY_TOO_DEEP names this limit. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays more than `limit` levels deep, read from the text before
 * it is parsed, so a body nested thousands deep never reaches code that walks it.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character, which may be a quote.
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
