import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from '../../../test/test-app';
import { createCodesService, generateInstitutionCode, parseDuration } from './codes-service';

describe('institution codes', () => {
  const context = useTestApp();

  it('generates distinct, unambiguous codes', () => {
    const codes = Array.from({ length: 500 }, generateInstitutionCode);
    expect(new Set(codes).size).toBe(500);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJ-NP-Za-km-z2-9]{4}(-[A-HJ-NP-Za-km-z2-9]{4}){2}$/);
  });

  it('reads durations as the CLI documents them', () => {
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('2w')).toBe(14 * 86_400_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    for (const bad of ['', '0d', '30', 'd', '-1d', '1y', '1.5d'])
      expect(parseDuration(bad)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom('m', 'h', 'd', 'w'),
        (n, unit) => {
          const ms = parseDuration(`${n}${unit}`);
          return ms !== null && ms > 0 && ms % 60_000 === 0;
        },
      ),
    );
  });

  it('issues codes with an institution and expiry, and lists them', async () => {
    const codes = createCodesService(context.database.db, () => new Date('2026-03-01T00:00:00Z'));
    const issued = await codes.issue({
      institution: 'AIIMS Delhi',
      count: 3,
      expiresInMs: 86_400_000,
    });
    expect(issued).toHaveLength(3);
    expect(issued[0]).toMatchObject({
      institution: 'AIIMS Delhi',
      expiresAt: new Date('2026-03-02T00:00:00Z'),
      usedBy: null,
    });
    const listed = await codes.list();
    expect(listed.map((row) => row.code)).toEqual(
      expect.arrayContaining(issued.map((row) => row.code)),
    );
  });

  it('refuses an empty code with a message', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/psychologists/verify',
      payload: { code: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('body.code: Psychologist code is required');
  });
});
