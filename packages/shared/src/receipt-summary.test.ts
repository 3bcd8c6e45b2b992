import { describe, expect, it } from 'vitest';
import { receiptNameOf } from './receipt-summary';

describe('receiptNameOf: whom a patient’s receipt is made out to', () => {
  it('is the full name they gave', () => {
    expect(receiptNameOf({ fullName: 'मीरा कपूर', username: 'meera_k' })).toBe('मीरा कपूर');
  });

  it('is made from the username when they gave none', () => {
    expect(receiptNameOf({ fullName: null, username: 'meera_kapoor' })).toBe('Meera Kapoor');
  });
});
