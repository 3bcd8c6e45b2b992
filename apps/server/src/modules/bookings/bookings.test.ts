import { beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@sukoon/shared';
import { createBooking } from '../../db/factories';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

const context = useTestApp();
type Signed = Awaited<ReturnType<typeof signedInAs>>;
let psychologist: Signed;
let otherPsychologist: Signed;
let patient: Signed;
let otherPatient: Signed;
const IST = 'Asia/Kolkata';

async function get(url: string, as: Signed | null) {
  const response = await context.app.inject({
    method: 'GET',
    url,
    ...(as ? { headers: as.headers } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  const db = context.database.db;
  psychologist = await signedInAs(db, 'psychologist');
  otherPsychologist = await signedInAs(db, 'psychologist');
  patient = await signedInAs(db, 'patient');
  otherPatient = await signedInAs(db, 'patient');
  await createBooking(db, {
    psychologistId: psychologist.user.id,
    patientId: patient.user.id,
    startsAt: zonedInstant('2030-03-11', 10 * 60, IST),
    title: 'Sleep trouble',
    description: 'Cannot sleep before exams',
    meetingLink: 'https://meet.example/abc',
  });
  await createBooking(db, {
    psychologistId: psychologist.user.id,
    patientId: otherPatient.user.id,
    startsAt: zonedInstant('2030-03-12', 15 * 60, IST),
    durationMinutes: 20,
    status: 'held',
  });
  await createBooking(db, {
    psychologistId: otherPsychologist.user.id,
    patientId: patient.user.id,
    startsAt: zonedInstant('2030-03-20', 11 * 60, IST),
    color: 'green',
  });
  await createBooking(db, {
    psychologistId: psychologist.user.id,
    patientId: patient.user.id,
    startsAt: zonedInstant('2030-03-13', 11 * 60, IST),
    status: 'canceled',
  });
});

describe('GET /api/bookings/user/{userId}', () => {
  it('lists a patient’s own bookings with the tolerant reader’s field names', async () => {
    const { status, body } = await get(`/api/bookings/user/${patient.user.id}`, patient);
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toMatchObject({
      booking_id: body.data[0].id,
      psychologist_id: psychologist.user.id,
      user_id: patient.user.id,
      booking_date: '2030-03-11',
      date: '2030-03-11',
      start_time: '2030-03-11T04:30:00.000Z',
      end_time: '2030-03-11T05:15:00.000Z',
      duration: 45,
      title: 'Sleep trouble',
      description: 'Cannot sleep before exams',
      patient_name: patient.user.username,
      psychologist_name: `Dr. ${psychologist.user.username}`,
      status: 'booked',
      payment_status: 'completed',
      attendanceStatus: 'scheduled',
      meeting_link: 'https://meet.example/abc',
      price: 900,
      currency: 'INR',
    });
    expect((body.data as { status: string }[]).map((b) => b.status)).toEqual([
      'booked',
      'canceled',
      'booked',
    ]);
  });

  it('lists every booking of a psychologist, with each patient’s name', async () => {
    const { body } = await get(`/api/bookings/user/${psychologist.user.id}`, psychologist);
    expect((body.data as { patient_name: string }[]).map((b) => b.patient_name)).toEqual([
      patient.user.username,
      otherPatient.user.username,
      patient.user.username,
    ]);
  });

  it('refuses anyone else’s bookings: 403 for other patients and psychologists, 401 signed out', async () => {
    for (const as of [otherPatient, psychologist, otherPsychologist]) {
      const { status, body } = await get(`/api/bookings/user/${patient.user.id}`, as);
      expect(status).toBe(403);
      expect(body.error.message).toBe('You can only see your own bookings.');
    }
    expect((await get(`/api/bookings/user/${psychologist.user.id}`, patient)).status).toBe(403);
    expect((await get(`/api/bookings/user/${patient.user.id}`, null)).status).toBe(401);
    const bad = await get('/api/bookings/user/me', patient);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].message).toBe('The user id is not valid');
  });
});

describe('GET /api/events', () => {
  it('maps the signed-in user’s live bookings onto calendar events in the range', async () => {
    const { status, body } = await get(
      '/api/events?startDate=2030-03-10&endDate=2030-03-16',
      psychologist,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      title: 'Sleep trouble',
      description: 'Cannot sleep before exams',
      startDate: '2030-03-11T04:30:00.000Z',
      endDate: '2030-03-11T05:15:00.000Z',
      variant: 'primary',
      color: 'blue',
      meetingLink: 'https://meet.example/abc',
      price: 900,
      pricePaise: 90_000,
      currency: 'INR',
      paymentRequired: true,
      paymentStatus: 'completed',
      attendanceStatus: 'scheduled',
      attendanceNotes: null,
      markedBy: null,
      markedAt: null,
      durationMinutes: 45,
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
    });
    expect(body.data[1]).toMatchObject({ status: 'held', paymentStatus: 'pending' });
  });

  it('shows a patient only their own sessions (across psychologists), never other patients’', async () => {
    const all = await get('/api/events', patient);
    expect((all.body.data as { startDate: string }[]).map((e) => e.startDate)).toEqual([
      '2030-03-11T04:30:00.000Z',
      '2030-03-20T05:30:00.000Z',
    ]);
    const week = await get(
      '/api/events?startDate=2030-03-10T00:00:00Z&endDate=2030-03-16T23:59:59Z',
      otherPatient,
    );
    expect(week.body.data).toHaveLength(1);
    expect(week.body.data[0].patientId).toBe(otherPatient.user.id);
  });

  it('refuses bad ranges with a message and answers 401 signed out', async () => {
    expect((await get('/api/events', null)).status).toBe(401);
    const reversed = await get('/api/events?startDate=2030-03-16&endDate=2030-03-10', patient);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details[0].message).toBe('endDate must be on or after startDate');
    const unreal = await get('/api/events?startDate=2030-02-31', patient);
    expect(unreal.status).toBe(400);
    expect(unreal.body.error.details[0].message).toBe(
      'Use a date (2026-03-09) or a date and time (2026-03-09T00:00:00Z)',
    );
  });
});
