import { describe, expect, it } from 'vitest';
import {
  forgetMoveDecisionLink,
  isPatientDeepLink,
  readEntryParams,
  readMoveDecisionLink,
} from './entry-params';

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

describe('readMoveDecisionLink', () => {
  it('reads the emailed move link, and nothing without a token or with another choice', () => {
    expect(readMoveDecisionLink('?moveDecision=abc&choice=keep')).toEqual({
      token: 'abc',
      choice: 'keep',
    });
    expect(readMoveDecisionLink('?moveDecision=abc&choice=cancel')?.choice).toBe('cancel');
    expect(readMoveDecisionLink('?moveDecision=abc&choice=maybe')).toBeNull();
    expect(readMoveDecisionLink('?choice=keep')).toBeNull();
  });

  it('leaves the other parameters in the address bar when it forgets the link', () => {
    window.history.replaceState(null, '', '/?psychologistId=p&moveDecision=abc&choice=keep');
    forgetMoveDecisionLink();
    expect(window.location.search).toBe('?psychologistId=p');
  });
});
