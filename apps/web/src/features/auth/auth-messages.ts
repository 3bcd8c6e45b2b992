import type { MessageKey } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';

/**
 * The one place that turns a failed auth call into the text the specification's error catalogue
 * (section 8) shows: the server's own message when it sent one (in the request's language), otherwise
 * the catalogue's text for the status. Field messages of a 400 lose their "body.field:" prefix, which means nothing to a person.
 */
export type AuthFlow = 'login' | 'register' | 'otp' | 'resend' | 'forgot' | 'reset';

function serverMessage(error: ApiError): string | null {
  if (error.code === 'NETWORK_ERROR' || error.code.startsWith('HTTP_')) return null;
  const detail = error.details?.[0]?.message;
  if (detail) return detail;
  return error.message.replace(/^body\.[\w.]+: /, '') || null;
}

const NETWORK: Record<AuthFlow, MessageKey> = {
  login: 'authError.network.login',
  register: 'authError.network.register',
  otp: 'authError.network.otp',
  resend: 'authError.network.resend',
  forgot: 'authError.network.forgot',
  reset: 'authError.network.reset',
};

function byStatus(t: Translate, flow: AuthFlow, status: number): string {
  if (flow === 'login') {
    if (status === 400) return t('authError.login.400');
    if (status === 401) return t('authError.login.401');
    if (status === 404) return t('authError.login.404');
    if (status >= 500) return t('authError.server');
    return status ? t('authError.login.other', { status }) : t('authError.login.failed');
  }
  if (flow === 'register') {
    if (status === 400) return t('authError.register.400');
    if (status === 404) return t('authError.register.404');
    if (status === 409) return t('authError.register.409');
    if (status === 422) return t('authError.register.422');
    if (status >= 500) return t('authError.server');
    return status ? t('authError.register.other', { status }) : t('authError.register.failed');
  }
  if (flow === 'otp') {
    if (status === 400) return t('authError.otp.400');
    if (status === 410) return t('authError.otp.410');
    return t('authError.otp.other', { status });
  }
  return t(NETWORK[flow]);
}

/** The text for a failed auth call, in the page's language (`t`; English when not given). */
export function authErrorText(flow: AuthFlow, error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return byStatus(t, flow, 0);
  if (error.code === 'NETWORK_ERROR') return t(NETWORK[flow]);
  // Resend's own failures read as the catalogue says, except a rate limit, whose wait is worth telling.
  if (flow === 'resend' && error.status !== 429) return t(NETWORK.resend);
  return serverMessage(error) ?? byStatus(t, flow, error.status);
}

/** Seconds the server asked us to wait (429 from the rate limits), if it said. */
export function retryAfterSeconds(error: unknown): number | null {
  return error instanceof ApiError && typeof error.extra?.retryAfterSeconds === 'number'
    ? error.extra.retryAfterSeconds
    : null;
}
