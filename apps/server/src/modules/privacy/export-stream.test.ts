import { beforeAll, describe, expect, it } from 'vitest';
import { AccountExport } from '@sukoon/shared';
import { bookings } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { signedInAs } from '../../../test/sign-in';
import { createPrivacyService } from './privacy-service';

type Caller = Awaited<ReturnType<typeof signedInAs>>;
const ROWS = 2_500;
const HOUR = 60 * 60 * 1000;

describe('the data export streams', () => {
  const context = useTestApp();
  let patient: Caller;
  let expected: string[] = [];

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    const psychologist = await signedInAs(db, 'psychologist');
    const first = Date.parse('2031-01-06T04:00:00Z');
    const rows = Array.from({ length: ROWS }, (_, index) => ({
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(first + index * HOUR),
      endsAt: new Date(first + index * HOUR + 20 * 60_000),
      durationMinutes: 20,
      title: `Session ${index}`,
      description: 'A long enough description to make every row weigh something.',
      pricePaise: 50_000,
      status: 'booked' as const,
      paymentStatus: 'completed' as const,
    }));
    const inserted = [];
    for (let index = 0; index < rows.length; index += 500) {
      inserted.push(
        ...(await db
          .insert(bookings)
          .values(rows.slice(index, index + 500))
          .returning({ id: bookings.id, startsAt: bookings.startsAt })),
      );
    }
    expected = inserted
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((row) => row.id);
  });

  it(`a ${ROWS}-booking export is complete, valid JSON in the usual envelope`, async () => {
    const answer = await context.app.inject({
      url: '/api/users/me/export',
      headers: patient.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="sukoon-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = JSON.parse(answer.body) as { success: boolean; data: unknown; error: null };
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    const data = AccountExport.parse(body.data);
    expect(Object.keys(body.data as object)).toEqual(Object.keys(AccountExport.shape));
    expect(data.account.id).toBe(patient.user.id);
    expect(data.bookings.map((booking) => booking.id)).toEqual(expected);
    expect(data.account_events.some((event) => event.action === 'account.data_exported')).toBe(
      false,
    );
  });

  it('is written in bounded batches, never built whole', async () => {
    const privacy = createPrivacyService({
      db: context.database.db,
      payments: context.app.payments,
      publicUrl: 'http://localhost',
    });
    const chunks: string[] = [];
    for await (const chunk of privacy.exportChunks(
      {
        id: patient.user.id,
        email: patient.user.email,
        username: patient.user.username,
        role: 'patient',
        fullName: null,
        locale: 'en',
        sessionId: 'direct',
      },
      100,
    )) {
      chunks.push(chunk);
    }
    const perChunk = chunks.map((chunk) => chunk.split('"booking_id"').length - 1);
    // 2,500 bookings in pieces of at most 100: no piece holds the list, let alone the export.
    expect(Math.max(...perChunk)).toBe(100);
    expect(perChunk.reduce((sum, n) => sum + n, 0)).toBe(ROWS);
    expect(perChunk.filter((n) => n > 0)).toHaveLength(ROWS / 100);
    const whole = chunks.join('');
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(whole.length / 20);
    expect(JSON.parse(whole)).toMatchObject({ success: true, error: null });
  });
});
