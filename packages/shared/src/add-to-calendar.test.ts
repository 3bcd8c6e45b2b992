import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './add-to-calendar';

/** The link's address and its decoded parameters (this package has no URL class to lean on). */
function parse(link: string) {
  const [address, search = ''] = link.split('?');
  const params = new Map(
    search.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, decodeURIComponent(value)] as const;
    }),
  );
  return { address, get: (key: string) => params.get(key) ?? null };
}

const event = {
  title: 'Session (45 min) with Dr. Meera Rao, MA; & more',
  start: new Date('2026-11-25T04:30:00.000Z'),
  end: new Date('2026-11-25T05:15:00.000Z'),
  details: 'Join: https://meet.example.com/abc?x=1&y=2\nSee you',
  location: 'https://meet.example.com/abc?x=1&y=2',
};

describe('add-to-calendar template links', () => {
  it('builds Google Calendar’s TEMPLATE link with UTC dates', () => {
    const url = parse(googleCalendarUrl(event));
    expect(url.address).toBe('https://calendar.google.com/calendar/render');
    expect(url.get('action')).toBe('TEMPLATE');
    expect(url.get('text')).toBe(event.title);
    expect(url.get('dates')).toBe('20261125T043000Z/20261125T051500Z');
    expect(url.get('details')).toBe(event.details);
    expect(url.get('location')).toBe(event.location);
  });

  it('builds Outlook’s compose deeplink with ISO UTC times', () => {
    const url = parse(outlookCalendarUrl(event));
    expect(url.address).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.get('path')).toBe('/calendar/action/compose');
    expect(url.get('rru')).toBe('addevent');
    expect(url.get('subject')).toBe(event.title);
    expect(url.get('startdt')).toBe('2026-11-25T04:30:00Z');
    expect(url.get('enddt')).toBe('2026-11-25T05:15:00Z');
    expect(url.get('body')).toBe(event.details);
  });

  it('encodes spaces as %20, never +, and leaves out empty fields', () => {
    const url = outlookCalendarUrl({ ...event, details: '', location: undefined });
    expect(url).not.toContain('+');
    expect(url).toContain('subject=Session%20(45%20min)');
    expect(url).not.toContain('body=');
    expect(url).not.toContain('location=');
  });

  it('carries any title unchanged through both links', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (title) => {
        const safe = title.replace(/[\uD800-\uDFFF]/g, '');
        const google = parse(googleCalendarUrl({ ...event, title: safe }));
        const outlook = parse(outlookCalendarUrl({ ...event, title: safe }));
        expect(google.get('text') ?? '').toBe(safe);
        expect(outlook.get('subject') ?? '').toBe(safe);
      }),
    );
  });
});
