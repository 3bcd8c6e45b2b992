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
  /** Fetches of one feed per RATE_LIMIT_WINDOW_SECONDS (calendar apps poll every few minutes at most). */
  requestsPerWindow: 60,
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
  /** A psychologist's opt-in to patients' full names and problem descriptions (false for patients). */
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
  showFullDetails: z.boolean({ error: 'Choose whether the feed shows full names and problems' }),
});
export type CalendarFeedSettingsBody = z.infer<typeof CalendarFeedSettingsBody>;

/** `https://host/api/calendar-feeds/<secret>.ics` and its `webcal://` twin. */
export function calendarFeedUrls(publicUrl: string, secret: string) {
  const url = `${publicUrl.replace(/\/+$/, '')}/api/calendar-feeds/${secret}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** What a settings screen tells each role its feed contains. */
export const CALENDAR_FEED_PRIVACY = {
  psychologist: {
    private:
      'Your feed shows each patient’s first name and “Session (20 min)” or “Session (45 min)”, the time and the meeting link: no full names, no problem descriptions, no attendance notes.',
    full: 'Your feed shows each patient’s full name, the title and problem description they wrote, the time and the meeting link. Attendance notes are never in it.',
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
  /** The booking's title and description as the patient (or the psychologist, for their own event) wrote them. */
  title: string;
  description: string;
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
 * and the length, and the title too when they opted in to full details.
 */
export type FeedSessionSummary =
  | { kind: 'withPsychologist'; minutes: number; psychologistName: string }
  | { kind: 'session'; minutes: number; who: FeedPerson }
  | { kind: 'titled'; minutes: number; who: FeedPerson; title: string };

/**
 * The summary and the private part of the description of a session in a feed. The psychologist's feed
 * names the patient by first name and says "Session (20 min)" unless they opted in to full details;
 * the patient's names the psychologist and never repeats what the patient wrote. Attendance notes are
 * never an input, so no feed can carry them.
 */
export function feedSessionFacts(
  viewer: 'psychologist' | 'patient',
  facts: FeedSessionFacts,
  options: { showFullDetails: boolean },
): { summary: FeedSessionSummary; details: string | null } {
  const minutes = facts.durationMinutes;
  if (viewer === 'patient') {
    return {
      summary: { kind: 'withPsychologist', minutes, psychologistName: facts.psychologistName },
      details: null,
    };
  }
  const who: FeedPerson = facts.patientDeleted
    ? 'formerPatient'
    : facts.patientUsername === null
      ? null
      : {
          name: options.showFullDetails
            ? patientFullName(facts.patientUsername)
            : patientFirstName(facts.patientUsername),
        };
  if (!options.showFullDetails)
    return { summary: { kind: 'session', minutes, who }, details: null };
  return {
    summary: { kind: 'titled', minutes, who, title: facts.title },
    details: facts.description.trim() === '' ? null : facts.description,
  };
}
