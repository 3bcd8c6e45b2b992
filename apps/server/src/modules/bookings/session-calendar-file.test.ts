import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sessionCalendarFilePath } from '@sukoon/shared';
import { createBooking, createPaidBooking, createPsychologist } from '../../db/factories';
import { bookings, users } from '../../db/schema';
import { createSessionsService } from '../auth/sessions-service';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

const START = new Date('2031-03-10T05:30:00Z'); // Monday 10 March 2031, 11:00 AM IST

/** A booked session's calendar file: what its patient saves into their own calendar. */
describe('GET /api/bookings/{id}/calendar.ics', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function session() {
    const patient = await signedInAs(db(), 'patient');
    const psychologist = await createPsychologist(db(), { displayName: 'Dr. Meera Iyer' });
    const { booking } = await createPaidBooking(db(), {
      psychologistId: psychologist.id,
      patientId: patient.user.id,
      startsAt: START,
      title: 'Sleep check-in',
      description: 'Waking at 3 AM most nights',
    });
    const { token } = await createSessionsService(db()).issue(psychologist.id);
    return {
      patient,
      psychologist: { headers: { authorization: `Bearer ${token}` }, id: psychologist.id },
      booking,
    };
  }

  const download = (id: string, headers: Record<string, string>) =>
    context.app.inject({ url: sessionCalendarFilePath(id), headers });

  function eventOf(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const event = calendar.getFirstSubcomponent('vevent')!;
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      summary: event.getFirstPropertyValue('summary'),
      description: event.getFirstPropertyValue('description'),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate(),
      attendees: event.getAllProperties('attendee').length,
      organizer: event.getFirstPropertyValue('organizer'),
    };
  }

  it('gives the patient the session as the event their invitation and feed carry, to save', async () => {
    const { patient, psychologist, booking } = await session();
    // Each reader's words are their own account's: the patient reads Hindi, the psychologist English.
    await db().update(users).set({ locale: 'hi' }).where(eq(users.id, patient.user.id));
    await db().update(bookings).set({ icsSequence: 2 }).where(eq(bookings.id, booking.id));
    const response = await download(booking.id, patient.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="session.ics"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const event = eventOf(response.body);
    expect(event).toMatchObject({
      // Saved, not an invitation to answer: no attendees, the psychologist as organiser.
      method: 'PUBLISH',
      uid: `${booking.id}@sukoon`,
      // The event's version, as in the invitations: a calendar keeps the newest.
      sequence: 2,
      summary: 'Sleep check-in (Dr. Meera Iyer के साथ Sukoon सेशन)',
      start: START,
      end: new Date(START.getTime() + 45 * 60_000),
      attendees: 0,
    });
    expect(event.description).toContain('Waking at 3 AM most nights');
    expect(event.organizer).toMatch(/^mailto:psychologist_/);

    // Not the psychologist's: their outside calendars get the feed, which leaves the patient's
    // words out unless they choose otherwise.
    const theirs = await download(booking.id, psychologist.headers);
    expect(theirs.statusCode).toBe(403);
  });

  it('says why a session that is not booked has no file, and tells others it does not exist', async () => {
    const { patient, psychologist, booking } = await session();
    const stranger = await signedInAs(db(), 'patient');
    expect((await download(booking.id, stranger.headers)).json().error.code).toBe(
      'BOOKING_NOT_FOUND',
    );
    expect((await download(booking.id, {})).statusCode).toBe(401);

    const badId = await download('not-a-booking', patient.headers);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toContain('The booking id is not valid');

    await db().update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, booking.id));
    const canceled = await download(booking.id, patient.headers);
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().error.message).toBe('This session is already canceled.');

    const held = await createBooking(db(), {
      psychologistId: psychologist.id,
      patientId: patient.user.id,
      startsAt: new Date(START.getTime() + 2 * 3_600_000),
      status: 'held',
    });
    const holding = await download(held.id, patient.headers);
    expect(holding.statusCode).toBe(409);
    expect(holding.json().error.code).toBe('BOOKING_NOT_CONFIRMED');

    // A hold that ran out was never a session.
    await db()
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null })
      .where(eq(bookings.id, held.id));
    expect((await download(held.id, patient.headers)).statusCode).toBe(404);
  });
});
