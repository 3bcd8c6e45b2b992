import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Turns the caller's feed on and answers its address's path and secret. */
export async function turnOnFeed(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/calendar-feeds/me', headers });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ data: { url: string } }>().data;
  const path = new URL(url).pathname;
  return { path, secret: path.slice('/api/calendar-feeds/'.length, -'.ics'.length) };
}

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  status: string;
  sequence: number;
  start: ICAL.Time;
  end: ICAL.Time;
  lastModified: ICAL.Time | null;
  location: string;
}

/** The feed's events as a separate, real parser (ical.js) reads them. */
export function parseEvents(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary') ?? ''),
    description: String(event.getFirstPropertyValue('description') ?? ''),
    status: String(event.getFirstPropertyValue('status') ?? ''),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: event.getFirstPropertyValue('dtstart') as ICAL.Time,
    end: event.getFirstPropertyValue('dtend') as ICAL.Time,
    lastModified: (event.getFirstPropertyValue('last-modified') as ICAL.Time | null) ?? null,
    location: String(event.getFirstPropertyValue('location') ?? ''),
  }));
}
