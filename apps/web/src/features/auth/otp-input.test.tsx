import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';
import { OtpInput } from './otp-input';

afterEach(cleanup);

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '', '', '']);
  return <OtpInput value={digits} onChange={setDigits} />;
}

const box = (n: number) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 6`);

describe('OtpInput', () => {
  it('keeps digits only and moves to the next box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(box(1).value).toBe('7');
    expect(document.activeElement).toBe(box(2));
  });

  it('fills every box from a pasted code, ignoring spaces and dashes', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 123-456 ' } });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
  });
});

describe('initialsOf', () => {
  it('takes up to two initials from the username, else the email', () => {
    expect(initialsOf({ username: 'asha_rao', email: 'x@y.z' })).toBe('AR');
    expect(initialsOf({ username: 'meera', email: 'x@y.z' })).toBe('ME');
    expect(initialsOf({ username: '', email: 'ravi.k@example.test' })).toBe('RK');
  });
});
