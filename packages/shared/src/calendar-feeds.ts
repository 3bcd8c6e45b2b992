import { z } from 'zod';

/**
 * Private calendar subscription feeds (issue 20): what the address looks like, which sessions a feed
 * carries, what it says about them, and what the settings screen promises. The server builds the feed
 * from these; the web app explains them.
 */

export const CALENDAR_FEED = {
  /** Sessions from this many days back... */
  pastDays: 30,
  /**
   * ...to this far ahead, for both roles: as far as any session can be (a psychologist's own events
   * and moves reach 52 weeks, and so does the longest booking horizon a policy allows). A
   * psychologist's shorter policy horizon only limits what patients may book.
   */
  aheadWeeks: 52,
  /** A canceled session stays in the feed as CANCELLED this long after it was canceled. */
  canceledShownDays: 30,
  /**
   * At most this many sessions in one feed, the earliest first (a full-time practice has about
   * 2,500 in the window; the rest would be the furthest ahead).
   */
  maxEvents: 5_000,
  /**
   * Fetches of one feed per RATE_LIMIT_WINDOW_SECONDS (calendar apps poll every few minutes at most),
   * counted per owner, so resetting the link does not start a fresh count.
   */
  requestsPerWindow: 60,
  /**
   * Addresses of feeds that do not exist (a guessed, reset or turned-off link) asked from one client
   * address per RATE_LIMIT_WINDOW_SECONDS; past it, that address is refused every feed until the
   * window ends. Generous, because a calendar service polls from a few addresses, stale
   * subscriptions included.
   */
  missesPerWindow: 100,
  /** Names in a feed are cut to this many characters (longer than any name the app accepts today). */
  nameMaxLength: 80,
} as const;

/** The secret in `/api/calendar-feeds/{secret}.ics`: 32 bytes as unpadded base64url, 43 characters. */
export const FeedSecret = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This is not the address of a calendar feed');

export const FeedSecretParams = z.object({ secret: FeedSecret });
export type FeedSecretParams = z.infer<typeof FeedSecretParams>;

/** Whether the signed-in user's feed is on; never the address again once it was shown. */
export const CalendarFeedStatus = z.object({
  enabled: z.boolean(),
  /** A psychologist's opt-in to patients' full names (false for patients). */
  showFullDetails: z.boolean(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** Turning the feed on or resetting its link: the only answers that carry the address. */
export const CalendarFeedLink = CalendarFeedStatus.extend({
  /** https:// address to paste into a calendar app's "subscribe from URL". */
  url: z.string(),
  /** The same address as webcal://, which opens the device's calendar app to subscribe. */
  webcalUrl: z.string(),
});
export type CalendarFeedLink = z.infer<typeof CalendarFeedLink>;

export const CalendarFeedSettingsBody = z.object({
  showFullDetails: z.boolean({ error: 'Choose whether the feed shows patients’ full names' }),
});
export type CalendarFeedSettingsBody = z.infer<typeof CalendarFeedSettingsBody>;

/** `https://host/api/calendar-feeds/<secret>.ics` and its `webcal://` twin. */
export function calendarFeedUrls(publicUrl: string, secret: string) {
  const url = `${publicUrl.replace(/\/+$/, '')}/api/calendar-feeds/${secret}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/**
 * What a settings screen tells each role its feed contains. No feed carries what anyone wrote about a
 * session (its title, the problem description, attendance notes): clinical text never leaves the app.
 */
export const CALENDAR_FEED_PRIVACY = {
  psychologist: {
    private:
      'Your feed shows each patient’s first name and “Session (20 min)” or “Session (45 min)”, the time and the meeting link: no full names, nothing a patient wrote, no attendance notes.',
    full: 'Your feed shows each patient’s full name and “Session (20 min)” or “Session (45 min)”, the time and the meeting link. What patients wrote and attendance notes are never in it.',
  },
  patient:
    'Your feed shows your psychologist’s name, the time and the meeting link of each session: not what you wrote about your problems, and never attendance notes.',
  secret:
    'Anyone who has the link can read this calendar: keep it private. If it leaks, reset the link; the old one stops working at once.',
} as const;

/** "asha_k" → "Asha": the first part of a username, as the patient's first name. */
export function patientFirstName(username: string): string {
  const first = username.split('_').find((part) => part.length > 0) ?? username;
  return first.charAt(0).toUpperCase() + first.slice(1);
}

/** "asha_kumar" → "Asha Kumar": a username read as a full name (patients give no other). */
export function patientFullName(username: string): string {
  return username
    .split('_')
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export interface FeedSessionFacts {
  durationMinutes: number;
  /** The patient's username; null for a psychologist's own event or a deleted account. */
  patientUsername: string | null;
  /** True when the session had a patient whose account is gone. */
  patientDeleted: boolean;
  psychologistName: string;
}

/** Who a psychologist's feed names: a patient (first or full name), a former patient, or no one. */
export type FeedPerson = { name: string } | 'formerPatient' | null;

/**
 * What a session's summary in a feed says, as facts each language words (the server's catalogue,
 * `ical.summary.*`): the patient's feed names the psychologist; the psychologist's names the patient
 * and the length.
 */
export type FeedSessionSummary =
  | { kind: 'withPsychologist'; minutes: number; psychologistName: string }
  | { kind: 'session'; minutes: number; who: FeedPerson };

/** A name cut to CALENDAR_FEED.nameMaxLength characters (whole code points), for names stored long ago. */
function feedName(name: string): string {
  const points = Array.from(name);
  return points.length <= CALENDAR_FEED.nameMaxLength
    ? name
    : points.slice(0, CALENDAR_FEED.nameMaxLength).join('');
}

/**
 * The summary of a session in a feed, and all a feed says about it besides its time and meeting
 * link. The psychologist's feed names the patient by first name, or by full name when they opted in
 * to full details; the patient's names the psychologist. The session's title and problem description
 * (the patient's own words) and attendance notes are never an input, so no feed can carry them: a
 * feed lands in calendars other people see and on the calendar service's servers.
 */
export function feedSessionSummary(
  viewer: 'psychologist' | 'patient',
  facts: FeedSessionFacts,
  options: { showFullDetails: boolean },
): FeedSessionSummary {
  const minutes = facts.durationMinutes;
  if (viewer === 'patient') {
    return {
      kind: 'withPsychologist',
      minutes,
      psychologistName: feedName(facts.psychologistName),
    };
  }
  const who: FeedPerson = facts.patientDeleted
    ? 'formerPatient'
    : facts.patientUsername === null
      ? null
      : {
          name: feedName(
            options.showFullDetails
              ? patientFullName(facts.patientUsername)
              : patientFirstName(facts.patientUsername),
          ),
        };
  return { kind: 'session', minutes, who };
}
