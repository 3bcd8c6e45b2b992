/**
 * RFC 5545 §3.1 line folding: a content line longer than 75 octets goes on in continuation lines
 * that start with one space, never splitting a character. The output is exactly ical-generator's
 * `foldLines` (its own test compares them), which encodes every character on its own and takes
 * seconds for a feed of a few megabytes; this one counts UTF-8 octets from the UTF-16 code units.
 */
export function foldLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}

/** At most this many octets before a fold (the continuation's leading space makes 75). */
const LINE_OCTETS = 74;
// eslint-disable-next-line no-control-regex -- code units below 128, control ones too, are one octet each
const ASCII = /^[\x00-\x7f]*$/;

function foldLine(line: string): string {
  // Any UTF-16 code unit is at most 3 octets (a surrogate pair is 4 for two units).
  if (line.length * 3 <= LINE_OCTETS) return line;
  const parts: string[] = [];
  if (ASCII.test(line)) {
    // One octet a character: cut every LINE_OCTETS characters.
    for (let start = 0; start < line.length; start += LINE_OCTETS) {
      parts.push(line.slice(start, start + LINE_OCTETS));
    }
    return parts.join('\r\n ');
  }
  let start = 0;
  let octets = 0;
  for (let index = 0; index < line.length;) {
    const { units, size } = characterAt(line, index);
    octets += size;
    if (octets > LINE_OCTETS) {
      parts.push(line.slice(start, index));
      start = index;
      octets = size;
    }
    index += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** UTF-8 octets of one code unit on its own (a lone surrogate is written as U+FFFD, 3 octets). */
function octetsOf(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
}

/**
 * The character at `index` as ical-generator groups them: a high surrogate always takes the next
 * code unit with it; a valid pair is 4 octets, anything else each unit's own.
 */
function characterAt(line: string, index: number): { units: number; size: number } {
  const code = line.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff) return { units: 1, size: octetsOf(code) };
  if (index + 1 >= line.length) return { units: 1, size: 3 };
  const next = line.charCodeAt(index + 1);
  if (next >= 0xdc00 && next <= 0xdfff) return { units: 2, size: 4 };
  return { units: 2, size: 3 + octetsOf(next) };
}
