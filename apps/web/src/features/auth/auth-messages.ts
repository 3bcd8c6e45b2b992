import { ApiError } from '../../lib/api-client';

/**
 * The one place that turns a failed auth call into the text the specification's error catalogue
 * (section 8) shows: the server's own message when it sent one, otherwise the catalogue's text for the
 * status. Field messages of a 400 lose their "body.field:" prefix, which means nothing to a person.
 */
export type AuthFlow = 'login' | 'register' | 'otp' | 'resend' | 'forgot' | 'reset';

function serverMessage(error: ApiError): string | null {
  if (error.code === 'NETWORK_ERROR' || error.code.startsWith('HTTP_')) return null;
  const detail = error.details?.[0]?.message;
  if (detail) return detail;
  return error.message.replace(/^body\.[\w.]+: /, '') || null;
}

const NETWORK: Record<AuthFlow, string> = {
  login:
    'Unable to connect to authentication server. Please check your internet connection and try again.',
  register: 'Network error: Unable to connect to server. Please check your internet connection.',
  otp: 'Unable to connect to verification server. Please check your internet connection.',
  resend: 'Failed to resend OTP. Please try again.',
  forgot: 'Failed to send reset OTP',
  reset: 'Failed to reset password',
};

function byStatus(flow: AuthFlow, status: number): string {
  if (flow === 'login') {
    if (status === 400) return 'Invalid credentials.';
    if (status === 401) return 'Invalid email or password.';
    if (status === 404) return 'User not found.';
    if (status >= 500) return 'Server error. Please try again later.';
    return status ? `Authentication failed (${status}). Please try again.` : 'Login failed';
  }
  if (flow === 'register') {
    if (status === 400) return 'Invalid registration data. Please check all fields.';
    if (status === 404)
      return 'Registration service not found. The API endpoint may not be available.';
    if (status === 409)
      return 'Username or email already exists. Please try different credentials.';
    if (status === 422) return 'Invalid email format or weak password.';
    if (status >= 500) return 'Server error. Please try again later.';
    return status ? `HTTP ${status} error` : 'Registration failed';
  }
  if (flow === 'otp') {
    if (status === 400) return 'Invalid OTP. Please check and try again.';
    if (status === 410) return 'OTP has expired. Please request a new one.';
    return `Verification failed (${status}). Please try again.`;
  }
  return NETWORK[flow];
}

export function authErrorText(flow: AuthFlow, error: unknown): string {
  if (!(error instanceof ApiError)) return byStatus(flow, 0);
  if (error.code === 'NETWORK_ERROR') return NETWORK[flow];
  // Resend's own failures read as the catalogue says, except a rate limit, whose wait is worth telling.
  if (flow === 'resend' && error.status !== 429) return NETWORK.resend;
  return serverMessage(error) ?? byStatus(flow, error.status);
}

/** Seconds the server asked us to wait (429 from the rate limits), if it said. */
export function retryAfterSeconds(error: unknown): number | null {
  return error instanceof ApiError && typeof error.extra?.retryAfterSeconds === 'number'
    ? error.extra.retryAfterSeconds
    : null;
}
