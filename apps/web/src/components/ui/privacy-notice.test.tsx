import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE } from '@sukoon/shared';
import en from '../../i18n/en.json';

describe('the privacy notice in the catalogue', () => {
  it('says in English exactly what PRIVACY_NOTICE says, point by point', () => {
    expect(en['privacy.notice.title']).toBe(PRIVACY_NOTICE.title);
    expect([
      en['privacy.notice.point1'],
      en['privacy.notice.point2'],
      en['privacy.notice.point3'],
      en['privacy.notice.point4'],
      en['privacy.notice.point5'],
    ]).toEqual(PRIVACY_NOTICE.points);
  });
});
