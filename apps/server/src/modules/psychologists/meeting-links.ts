import { randomBytes } from 'node:crypto';
import { DEFAULT_JITSI_SERVER, meetingLinkFor, type MeetingLinks } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { createPsychologistsRepository } from './psychologists-repository';

/** The profile columns that hold the choice (see the schema's comment). */
export interface MeetingLinkColumns {
  meetingLinkMethod: MeetingLinks['method'];
  jitsiServer: string | null;
  personalMeetingLink: string | null;
}

/** The stored choice as the API speaks it; a row the check constraint let through is always whole. */
export function readMeetingLinks(row: MeetingLinkColumns): MeetingLinks {
  if (row.meetingLinkMethod === 'jitsi') {
    return { method: 'jitsi', jitsiServer: row.jitsiServer ?? DEFAULT_JITSI_SERVER };
  }
  if (row.meetingLinkMethod === 'personal' && row.personalMeetingLink) {
    return { method: 'personal', personalLink: row.personalMeetingLink };
  }
  return { method: 'manual' };
}

/** The columns a PATCH writes: the method, and the address that goes with it (the other is kept). */
export function meetingLinkChanges(settings: MeetingLinks): Partial<MeetingLinkColumns> {
  if (settings.method === 'jitsi') {
    return { meetingLinkMethod: 'jitsi', jitsiServer: settings.jitsiServer };
  }
  if (settings.method === 'personal') {
    return { meetingLinkMethod: 'personal', personalMeetingLink: settings.personalLink };
  }
  return { meetingLinkMethod: 'manual' };
}

/** A new session's link by the psychologist's method: a fresh 160-bit Jitsi room, the personal link, or null. */
export function newMeetingLink(settings: MeetingLinks): string | null {
  return meetingLinkFor(settings, (size) => randomBytes(size));
}

/**
 * The link a session of this psychologist gets as it is confirmed, read in the confirming transaction
 * so the confirmation email is written with it.
 */
export async function meetingLinkForNewSession(
  db: Database,
  psychologistId: string,
): Promise<string | null> {
  const row = await createPsychologistsRepository(db).findMeetingLinkColumns(psychologistId);
  return row ? newMeetingLink(readMeetingLinks(row)) : null;
}
