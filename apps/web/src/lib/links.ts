import { isMeetingLink, MEETING_LINK_MAX_LENGTH } from '@sukoon/shared';

/**
 * The meeting link as an href when it is a valid https:// link (the shared rule), otherwise null, so a
 * stored value can never become a javascript: or other unexpected link.
 */
export function meetingHref(link: string | null | undefined): string | null {
  if (!link) return null;
  // MeetingLink's checks without its zod schema (this module is on the first load): trimmed, at
  // most MEETING_LINK_MAX_LENGTH characters, an https:// address.
  const trimmed = link.trim();
  return trimmed.length <= MEETING_LINK_MAX_LENGTH && isMeetingLink(trimmed) ? trimmed : null;
}
