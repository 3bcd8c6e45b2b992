import { describe, expect, it } from 'vitest';
import { documentNumber, documentTitle, financialYear, Gstin, ReceiptSettings } from './receipts';

describe('financial year in IST', () => {
  it('turns at midnight between 31 March and 1 April in India, not in UTC', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27'); // 23:59:59 IST
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28'); // 00:00 IST, 1 April
    expect(financialYear(new Date('2099-12-31T00:00:00.000Z'))).toBe('2099-00');
  });
});

describe('GSTIN', () => {
  it('accepts a well-formed one with its check character, in any case and spacing', () => {
    expect(Gstin.parse('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
    expect(Gstin.parse(' 29ABCDE1234F1ZW ')).toBe('29ABCDE1234F1ZW');
  });
  it('refuses a wrong shape or a wrong check character, saying which', () => {
    expect(Gstin.safeParse('27AAPFU0939F1Z').error?.issues[0]?.message).toMatch(/15 characters/);
    expect(Gstin.safeParse('27AAPFU0939F1ZX').error?.issues[0]?.message).toMatch(/last character/);
    // A GSTIN of the wrong shape is told only that: its last character is not a check character.
    expect(Gstin.safeParse('ABC').error?.issues.map((issue) => issue.message)).toEqual([
      'A GSTIN has 15 characters, like 27AAPFU0939F1ZV',
    ]);
  });
  it('needs a GSTIN when registered, and drops it when not', () => {
    expect(
      ReceiptSettings.safeParse({ address: null, gstStatus: 'registered', gstin: null }).success,
    ).toBe(false);
    expect(
      ReceiptSettings.parse({ address: '', gstStatus: 'not_registered', gstin: '27AAPFU0939F1ZV' }),
    ).toEqual({ address: null, gstStatus: 'not_registered', gstin: null });
  });
});

describe('document numbers and titles', () => {
  it('writes receipts and refund notes in their own series', () => {
    expect(documentNumber('ASHA', '2026-27', 'receipt', 42)).toBe('SK/ASHA/2026-27/000042');
    expect(documentNumber('ASHA', '2026-27', 'refund_note', 3)).toBe('SK/ASHA/2026-27/RN/000003');
    expect(documentTitle('receipt', 'registered')).toBe('Bill of Supply');
    expect(documentTitle('receipt', 'not_registered')).toBe('Receipt');
  });
});
