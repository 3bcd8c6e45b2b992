import { ERRORS, type ErrorCode } from '@sukoon/shared';
import { translateMessage, type Message, type MessageKey } from '../i18n/translate';

/**
 * The request body field each of these errors is about, for the error body's `field` (a form shows
 * the message there). Kept on the server: the browser only reads `field` from the answer.
 */
const FIELD_OF: Partial<Record<ErrorCode, string>> = {
  INVALID_PSYCHOLOGIST_CODE: 'psychologist_code',
  USERNAME_TAKEN: 'username',
  WEAK_PASSWORD: 'password',
  OTP_INVALID: 'otp_code',
  OTP_EXPIRED: 'otp_code',
  OTP_TOO_MANY_ATTEMPTS: 'otp_code',
};

/** A message of the server's catalogue with its values, worded when the answer is sent. */
export type LocalizedMessage = Message;

/**
 * A domain error: the one error handler turns it into the envelope with this status, code, message
 * and the request field it is about (FIELD_OF's, unless `options.field` names another).
 */
export class AppError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra?: Record<string, unknown>,
    options: { field?: string; localized?: LocalizedMessage } = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
    this.field = options.field ?? FIELD_OF[code];
    this.localized = options.localized;
  }

  /**
   * A message other than the catalogue's, as a key of the server's catalogue: the error handler words
   * it in the request's language (`message` is its English, for logs).
   */
  readonly localized: LocalizedMessage | undefined;
}

/**
 * A domain error whose own message is a key of the server's catalogue: its English is the error's
 * `message` (logs, English readers), and the error handler words it in the request's language.
 */
export function localizedError(
  code: ErrorCode,
  key: MessageKey,
  values?: LocalizedMessage['values'],
  extra?: Record<string, unknown>,
  options: { field?: string } = {},
): AppError {
  const localized: LocalizedMessage = values ? { key, values } : { key };
  return new AppError(code, translateMessage('en', localized), extra, { ...options, localized });
}

/**
 * RATE_LIMITED with "Please wait 30 seconds" (or, from 90 seconds on, whole minutes) and the wait in
 * `retryAfterSeconds`, in the catalogue's words.
 */
export function tooManyAttempts(seconds: number): AppError {
  return seconds < 90
    ? localizedError(
        'RATE_LIMITED',
        'auth.tooManyAttemptsWait',
        { seconds },
        { retryAfterSeconds: seconds },
      )
    : localizedError(
        'RATE_LIMITED',
        'auth.tooManyAttemptsWaitMinutes',
        { minutes: Math.ceil(seconds / 60) },
        { retryAfterSeconds: seconds },
      );
}
