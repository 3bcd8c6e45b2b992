import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { englishT } from '../../i18n/i18n';
import { authErrorText, retryAfterSeconds } from './auth-messages';

/** A failure without a server envelope: only the status is known (a proxy's 502, an old server). */
const bare = (status: number) => new ApiError(status, `HTTP_${status}`, 'ignored');
const network = new ApiError(0, 'NETWORK_ERROR', 'ignored');

describe('catalogue texts of the accounts flows', () => {
  it('login', () => {
    expect(authErrorText('login', bare(400), englishT)).toBe('Invalid credentials.');
    expect(authErrorText('login', bare(401), englishT)).toBe('Invalid email or password.');
    expect(authErrorText('login', bare(404), englishT)).toBe('User not found.');
    expect(authErrorText('login', bare(418), englishT)).toBe(
      'Authentication failed (418). Please try again.',
    );
    expect(authErrorText('login', bare(502), englishT)).toBe(
      'Server error. Please try again later.',
    );
    expect(authErrorText('login', network, englishT)).toBe(
      'Unable to connect to authentication server. Please check your internet connection and try again.',
    );
    expect(authErrorText('login', new Error('boom'), englishT)).toBe('Login failed');
  });

  it('registration', () => {
    expect(authErrorText('register', bare(400), englishT)).toBe(
      'Invalid registration data. Please check all fields.',
    );
    expect(authErrorText('register', bare(409), englishT)).toBe(
      'Username or email already exists. Please try different credentials.',
    );
    expect(authErrorText('register', bare(422), englishT)).toBe(
      'Invalid email format or weak password.',
    );
    expect(authErrorText('register', bare(404), englishT)).toBe(
      'Registration service not found. The API endpoint may not be available.',
    );
    expect(authErrorText('register', bare(500), englishT)).toBe(
      'Server error. Please try again later.',
    );
    expect(authErrorText('register', bare(418), englishT)).toBe('HTTP 418 error');
    expect(authErrorText('register', network, englishT)).toBe(
      'Network error: Unable to connect to server. Please check your internet connection.',
    );
    expect(authErrorText('register', new Error('boom'), englishT)).toBe('Registration failed');
  });

  it('one-time code, resend, forgot and reset', () => {
    expect(authErrorText('otp', bare(400), englishT)).toBe(
      'Invalid OTP. Please check and try again.',
    );
    expect(authErrorText('otp', bare(410), englishT)).toBe(
      'OTP has expired. Please request a new one.',
    );
    expect(authErrorText('otp', bare(503), englishT)).toBe(
      'Verification failed (503). Please try again.',
    );
    expect(authErrorText('otp', network, englishT)).toBe(
      'Unable to connect to verification server. Please check your internet connection.',
    );
    expect(authErrorText('resend', bare(500), englishT)).toBe(
      'Failed to resend OTP. Please try again.',
    );
    expect(authErrorText('forgot', network, englishT)).toBe('Failed to send reset OTP');
    expect(authErrorText('reset', bare(500), englishT)).toBe('Failed to reset password');
  });

  it("prefers the server's message, without the field path of a validation error", () => {
    const invalid = new ApiError(400, 'INVALID_PSYCHOLOGIST_CODE', 'Invalid or expired code.');
    expect(authErrorText('register', invalid, englishT)).toBe('Invalid or expired code.');
    const validation = new ApiError(400, 'VALIDATION_FAILED', 'body.password: Too short', [
      { path: 'body.password', message: 'Password must be at least 8 characters long' },
    ]);
    expect(authErrorText('reset', validation, englishT)).toBe(
      'Password must be at least 8 characters long',
    );
    const wait = new ApiError(429, 'RATE_LIMITED', 'Please wait 42 seconds.', undefined, {
      retryAfterSeconds: 42,
    });
    expect(authErrorText('resend', wait, englishT)).toBe('Please wait 42 seconds.');
    expect(retryAfterSeconds(wait)).toBe(42);
    expect(retryAfterSeconds(bare(429))).toBeNull();
  });
});
