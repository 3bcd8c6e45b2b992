import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkOf } from './checks';
import { PracticeAddress, ReceiptSettings } from './receipts';

const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues;

describe('checkOf', () => {
  it('names a built-in check by zod’s issue code', () => {
    const Years = z.number().int().min(0).max(70);
    expect(issuesOf(Years, 'x').map(checkOf)).toEqual(['type']);
    expect(issuesOf(Years, 2.5).map(checkOf)).toEqual(['whole']);
    expect(issuesOf(Years, -1).map(checkOf)).toEqual(['tooSmall']);
    expect(issuesOf(Years, 71).map(checkOf)).toEqual(['tooBig']);
    expect(issuesOf(z.string().regex(/^a$/), 'b').map(checkOf)).toEqual(['format']);
    expect(issuesOf(z.enum(['a', 'b']), 'c').map(checkOf)).toEqual(['choice']);
    expect(issuesOf(z.union([z.literal(1), z.literal(2)]), 3).map(checkOf)).toEqual(['choice']);
    expect(issuesOf(z.object({}).strict(), { a: 1 }).map(checkOf)).toEqual([null]);
  });

  it('names a refinement by the name in its params, and an unnamed one `custom`', () => {
    const Two = z
      .string()
      .refine((value) => value !== 'x', { message: 'not x', params: { check: 'notX' } })
      .refine((value) => value !== 'x', 'also not x');
    expect(issuesOf(Two, 'x').map(checkOf)).toEqual(['notX', 'custom']);
  });

  it('reads a validation answer’s detail as it reads zod’s issue', () => {
    expect(checkOf({ code: 'invalid_type', expected: 'int' })).toBe('whole');
    expect(checkOf({ code: 'custom', params: { check: 'addressLines' } })).toBe('addressLines');
    expect(checkOf({ code: 'custom', params: { check: 3 } })).toBe('custom');
  });

  it('tells the receipt settings’ two refinements of one field apart', () => {
    expect(issuesOf(PracticeAddress, 'a\nb\nc\nd\ne\u0001').map(checkOf)).toEqual([
      'addressLines',
      'addressControlCharacter',
    ]);
    const registered = { address: null, gstStatus: 'registered' };
    expect(issuesOf(ReceiptSettings, { ...registered, gstin: null }).map(checkOf)).toEqual([
      'gstinMissing',
    ]);
    expect(
      issuesOf(ReceiptSettings, { ...registered, gstin: '27AAPFU0939F1ZA' }).map(checkOf),
    ).toEqual(['gstinCheckCharacter']);
  });
});
