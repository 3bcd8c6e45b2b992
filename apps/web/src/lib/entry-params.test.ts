import { describe, expect, it } from 'vitest';
import { isPatientDeepLink, readEntryParams } from './entry-params';

describe('readEntryParams', () => {
  it('reads token, psychologistId and userId, trimming blanks to null', () => {
    expect(readEntryParams('?token=abc&psychologistId=%20p1%20&userId=')).toEqual({
      token: 'abc',
      psychologistId: 'p1',
      userId: null,
    });
  });

  it('treats the visitor as a patient only when both token and psychologistId are present', () => {
    expect(isPatientDeepLink(readEntryParams('?token=t&psychologistId=p'))).toBe(true);
    expect(isPatientDeepLink(readEntryParams('?token=t'))).toBe(false);
    expect(isPatientDeepLink(readEntryParams('?psychologistId=p&userId=u'))).toBe(false);
  });
});
