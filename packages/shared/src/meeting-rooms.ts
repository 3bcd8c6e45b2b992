import { z } from 'zod';
import { isMeetingLink, MEETING_LINK_MAX_LENGTH } from './booking';

/**
 * How a psychologist's sessions get their meeting link (issue 20, "Meeting rooms without copy-paste"):
 * pasted by hand per session, a fresh Jitsi Meet room per session, or one personal link for every
 * session. Read when a session is confirmed; changing it never rewrites a booked session's link.
 */

export const MEETING_LINK_METHODS = ['manual', 'jitsi', 'personal'] as const;
export type MeetingLinkMethod = (typeof MEETING_LINK_METHODS)[number];

export const DEFAULT_JITSI_SERVER = 'https://meet.jit.si';
/** A server address leaves room in MEETING_LINK_MAX_LENGTH for "/" and the room name. */
export const JITSI_SERVER_MAX_LENGTH = 200;
/** 20 random bytes (160 bits, over the 128 the issue asks) are 32 base32 characters exactly. */
export const JITSI_ROOM_BYTES = 20;
export const JITSI_ROOM_MIN_BYTES = 16;
/** What a room name looks like: lower-case RFC 4648 base32, no padding, nothing else. */
export const JITSI_ROOM_PATTERN = /^[a-z2-7]{26,}$/;

export const MEETING_ROOM_MESSAGES = {
  jitsiServer:
    'Enter your Jitsi server as an https:// address with no path, such as https://meet.jit.si',
  personalLink:
    'Enter your personal meeting link as an https:// address, such as https://meet.google.com/abc-defg-hij',
};

/** An https origin (no path, query, fragment or credentials): the room name is added after a "/". */
export const JitsiServerUrl = z
  .string({ error: MEETING_ROOM_MESSAGES.jitsiServer })
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(
    z
      .string()
      .max(
        JITSI_SERVER_MAX_LENGTH,
        `A Jitsi server address can be at most ${JITSI_SERVER_MAX_LENGTH} characters`,
      )
      .refine((value) => isMeetingLink(value) && /^https:\/\/[^/?#]+$/.test(value), {
        message: MEETING_ROOM_MESSAGES.jitsiServer,
        params: { check: 'httpsOrigin' },
      }),
  );

export const PersonalMeetingLink = z
  .string({ error: MEETING_ROOM_MESSAGES.personalLink })
  .trim()
  .max(
    MEETING_LINK_MAX_LENGTH,
    `A meeting link can be at most ${MEETING_LINK_MAX_LENGTH} characters`,
  )
  .refine(isMeetingLink, {
    message: MEETING_ROOM_MESSAGES.personalLink,
    params: { check: 'httpsLink' },
  });

/** The choice as the profile sends and reads it; only the owner ever reads it. */
export const MeetingLinks = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('manual') }),
    z.object({ method: z.literal('jitsi'), jitsiServer: JitsiServerUrl }),
    z.object({ method: z.literal('personal'), personalLink: PersonalMeetingLink }),
  ],
  { error: 'Choose how meeting links are made: manual, jitsi or personal' },
);
export type MeetingLinks = z.infer<typeof MeetingLinks>;

/** The choice as the server answers it (plain strings: a response schema cannot hold transforms). */
export const MeetingLinksSetting = z.discriminatedUnion('method', [
  z.object({ method: z.literal('manual') }),
  z.object({ method: z.literal('jitsi'), jitsiServer: z.string() }),
  z.object({ method: z.literal('personal'), personalLink: z.string() }),
]);
export type MeetingLinksSetting = z.infer<typeof MeetingLinksSetting>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A Jitsi room name from random bytes (the server passes crypto.randomBytes): base32, so it is only
 * letters and digits Jitsi keeps as they are, and it carries nothing but the randomness.
 */
export function jitsiRoomName(bytes: Uint8Array): string {
  if (bytes.length < JITSI_ROOM_MIN_BYTES) {
    throw new RangeError(`A room name needs at least ${JITSI_ROOM_MIN_BYTES} random bytes`);
  }
  let bits = 0;
  let value = 0;
  let name = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      name += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) name += BASE32[(value << (5 - bits)) & 31];
  return name;
}

/**
 * The link a newly confirmed session gets: a fresh room on the chosen Jitsi server, the personal link,
 * or null (the psychologist pastes one). `randomBytes` is only called for a Jitsi room.
 */
export function meetingLinkFor(
  settings: MeetingLinks,
  randomBytes: (size: number) => Uint8Array,
): string | null {
  switch (settings.method) {
    case 'jitsi':
      return `${settings.jitsiServer}/${jitsiRoomName(randomBytes(JITSI_ROOM_BYTES))}`;
    case 'personal':
      return settings.personalLink;
    case 'manual':
      return null;
  }
}
