import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { DEMO_PATIENT, ensureDemoData } from './seed';

describe('the demo data', () => {
  const context = useTestApp();

  it('gives the demo patient past sessions paid as a checkout leaves them, each with its receipt', async () => {
    await ensureDemoData(context.database.db);
    await ensureDemoData(context.database.db); // once only
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password },
    });
    const { token, user } = login.json().data;
    const headers = { authorization: `Bearer ${token}` };

    const bookings = await context.app.inject({ url: `/api/bookings/user/${user.id}`, headers });
    const sessions = bookings.json().data as { id: string; status: string; end_time: string }[];
    expect(sessions).toHaveLength(3);
    for (const session of sessions) {
      expect(session.status).toBe('booked');
      expect(Date.parse(session.end_time)).toBeLessThan(Date.now());
    }

    const receipts = await context.app.inject({ url: '/api/receipts', headers });
    const documents = receipts.json().data as {
      kind: string;
      booking_id: string;
      number: string;
    }[];
    expect(documents.map((document) => document.kind)).toEqual(['receipt', 'receipt', 'receipt']);
    expect(new Set(documents.map((document) => document.booking_id))).toEqual(
      new Set(sessions.map((session) => session.id)),
    );
    expect(new Set(documents.map((document) => document.number)).size).toBe(3);
  });
});
