import { DEFAULT_RATES_INR, type SessionDuration } from './constants';

// Zod-free, so the web app's first load can use it without zod (decision 0017); booking.ts re-exports it.

export const MEETING_LINK_MAX_LENGTH = 500;

/** A psychologist's rates as the API reports them (rupees), either of which may be missing. */
export interface RatesInr {
  session_20_minute_rate?: number | null;
  session_45_minute_rate?: number | null;
}

/** The fee in rupees for a duration: the psychologist's rate, or 500 / 900 when it is not set. */
export function sessionFeeInr(
  rates: RatesInr | null | undefined,
  duration: SessionDuration,
): number {
  const rate = duration === 20 ? rates?.session_20_minute_rate : rates?.session_45_minute_rate;
  return typeof rate === 'number' && rate > 0 ? rate : DEFAULT_RATES_INR[duration];
}

/** The WHATWG URL parser, present in Node.js and every browser (this package compiles without either). */
const WhatwgUrl = (
  globalThis as unknown as {
    URL: new (input: string) => {
      protocol: string;
      username: string;
      password: string;
      hostname: string;
    };
  }
).URL;

/** Only the characters RFC 3986 allows in a URI: no spaces, quotes, angle brackets, control or bidi. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/**
 * An https:// link to a real host, as a meeting link must be: parsed the way browsers parse it, with no
 * user name or password (`https://meet.google.com@evil.example` goes to evil.example) and a host with a
 * dot in it.
 */
export function isMeetingLink(value: string): boolean {
  if (!value.startsWith('https://') || !URI_CHARACTERS.test(value)) return false;
  try {
    const url = new WhatwgUrl(value);
    const labels = url.hostname.split('.');
    return (
      url.protocol === 'https:' &&
      url.username === '' &&
      url.password === '' &&
      labels.length >= 2 &&
      labels.every((label) => label.length > 0)
    );
  } catch {
    return false;
  }
}
