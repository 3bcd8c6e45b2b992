import { MeetingLink } from '@sukoon/shared';

/**
 * The meeting link as an href when it is a valid https:// link (the shared rule), otherwise null, so a
 * stored value can never become a javascript: or other unexpected link.
 */
export function meetingHref(link: string | null | undefined): string | null {
  if (!link) return null;
  const parsed = MeetingLink.safeParse(link);
  return parsed.success ? parsed.data : null;
}
