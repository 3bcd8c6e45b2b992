import { describe, expect, it } from 'vitest';
import { canJoinSession } from './join-window';
import {
  JITSI_ROOM_BYTES,
  JITSI_ROOM_PATTERN,
  jitsiRoomName,
  JitsiServerUrl,
  MeetingLinks,
  meetingLinkFor,
  PersonalMeetingLink,
} from './meeting-rooms';

const bytes = (size: number, fill = 0) => new Uint8Array(size).fill(fill);

describe('Jitsi room names', () => {
  it('turns 20 bytes into 32 lower-case base32 characters', () => {
    const name = jitsiRoomName(bytes(JITSI_ROOM_BYTES, 0xff));
    expect(name).toBe('7'.repeat(32));
    expect(jitsiRoomName(bytes(JITSI_ROOM_BYTES))).toBe('a'.repeat(32));
    expect(name).toMatch(JITSI_ROOM_PATTERN);
  });

  it('encodes by RFC 4648 (its test vector "fooba" is MZXW6YTB)', () => {
    const fooba = Uint8Array.from('fooba'.repeat(4), (char) => char.charCodeAt(0));
    expect(jitsiRoomName(fooba)).toBe('mzxw6ytb'.repeat(4));
    // 16 bytes leave 3 bits over: one more character, padded with zero bits.
    expect(jitsiRoomName(bytes(16, 0xff))).toBe(`${'7'.repeat(25)}4`);
  });

  it('refuses fewer than 128 bits', () => {
    expect(() => jitsiRoomName(bytes(15))).toThrow(RangeError);
    expect(jitsiRoomName(bytes(16))).toMatch(JITSI_ROOM_PATTERN);
  });
});

describe('meeting link methods', () => {
  const random = (size: number) => bytes(size, 0x42);

  it('makes a room on the chosen server, the personal link, or nothing', () => {
    expect(meetingLinkFor({ method: 'jitsi', jitsiServer: 'https://meet.jit.si' }, random)).toBe(
      `https://meet.jit.si/${jitsiRoomName(bytes(JITSI_ROOM_BYTES, 0x42))}`,
    );
    const personal = 'https://meet.google.com/abc-defg-hij';
    expect(meetingLinkFor({ method: 'personal', personalLink: personal }, random)).toBe(personal);
    expect(meetingLinkFor({ method: 'manual' }, random)).toBeNull();
  });

  it('takes a Jitsi server as an https origin only', () => {
    expect(JitsiServerUrl.parse(' https://jitsi.example.org/ ')).toBe('https://jitsi.example.org');
    for (const bad of [
      'http://meet.jit.si',
      'https://meet.jit.si/room',
      'https://meet.jit.si?x=1',
      'https://user:pw@meet.jit.si',
      'https://localhost',
      'meet.jit.si',
    ]) {
      expect(JitsiServerUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes a personal link as an https link', () => {
    expect(PersonalMeetingLink.safeParse('https://zoom.us/j/1234567890').success).toBe(true);
    expect(PersonalMeetingLink.safeParse('http://zoom.us/j/1').success).toBe(false);
    expect(PersonalMeetingLink.safeParse('https://meet.google.com@evil.example').success).toBe(
      false,
    );
  });

  it('needs the address that goes with the method', () => {
    expect(MeetingLinks.safeParse({ method: 'jitsi' }).success).toBe(false);
    expect(MeetingLinks.safeParse({ method: 'personal' }).success).toBe(false);
    expect(MeetingLinks.safeParse({ method: 'zoom' }).success).toBe(false);
    expect(MeetingLinks.parse({ method: 'manual' })).toEqual({ method: 'manual' });
  });
});

describe('canJoinSession', () => {
  const start = new Date('2026-03-02T10:00:00Z');
  const end = new Date('2026-03-02T10:45:00Z');
  const at = (iso: string) => new Date(iso);

  it('opens 10 minutes before the start and closes at the end', () => {
    expect(canJoinSession(start, end, at('2026-03-02T09:49:59Z'))).toBe(false); // 10:01 before
    expect(canJoinSession(start, end, at('2026-03-02T09:49:59.999Z'))).toBe(false);
    expect(canJoinSession(start, end, at('2026-03-02T09:50:00Z'))).toBe(true); // 10:00 before
    expect(canJoinSession(start, end, at('2026-03-02T09:50:01Z'))).toBe(true); // 9:59 before
    expect(canJoinSession(start, end, at('2026-03-02T10:44:59.999Z'))).toBe(true);
    expect(canJoinSession(start, end, end)).toBe(false); // at the end
  });

  it('takes ISO strings as the events carry them', () => {
    expect(canJoinSession(start.toISOString(), end.toISOString(), start)).toBe(true);
  });
});
