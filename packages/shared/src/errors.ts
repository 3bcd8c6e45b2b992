/**
 * Every error the API returns carries one of these codes with an HTTP status and a message a person can
 * act on. The web app shows the message for a code; the server throws `AppError(code)`.
 */
/** What a person reads when the server failed without saying why (also the INTERNAL message). */
export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';

export const ERRORS = {
  VALIDATION_FAILED: {
    status: 400,
    message: 'Some fields are not valid. Please check them and try again.',
  },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  BODY_TOO_DEEP: {
    status: 400,
    message: 'The request body is nested too deeply: send at most 32 levels of objects and arrays.',
  },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password.' },
  INVALID_SLOT: {
    status: 400,
    message: 'Choose a half-hour slot between 9:00 AM and 8:30 PM in the psychologist’s time zone.',
  },
  RANGE_TOO_LONG: {
    status: 400,
    message: 'Ask for at most 42 days at a time (one month view).',
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your email before signing in. We can send you a new code.',
  },
  INVALID_PSYCHOLOGIST_CODE: {
    status: 400,
    message: 'Invalid or expired psychologist code. Please check the code and try again.',
  },
  USERNAME_TAKEN: {
    status: 409,
    message: 'That username is taken. Please choose another.',
  },
  ACCOUNT_LOCKED: {
    status: 423,
    message:
      'This account is locked after too many wrong passwords. Reset your password with "Forgot Password" to sign in again.',
  },
  WEAK_PASSWORD: {
    status: 422,
    message: 'This password is one of the most common and easy to guess. Please choose another.',
  },
  OTP_INVALID: { status: 400, message: 'Invalid OTP. Please check and try again.' },
  OTP_EXPIRED: { status: 410, message: 'OTP has expired. Please request a new one.' },
  OTP_TOO_MANY_ATTEMPTS: {
    status: 410,
    message: 'Too many wrong attempts for this OTP. Please request a new one.',
  },
  SIGN_IN_LINK_INVALID: {
    status: 401,
    message: 'This sign-in link has expired or was already used. Please sign in.',
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  PSYCHOLOGIST_NOT_FOUND: { status: 404, message: 'That psychologist could not be found.' },
  PSYCHOLOGIST_GONE: {
    status: 410,
    message:
      'This psychologist no longer offers sessions on Sukoon. Please choose another psychologist.',
  },
  CONFLICT: { status: 409, message: 'That conflicts with existing data.' },
  HOLD_LIMIT_REACHED: {
    status: 409,
    message:
      'You are already paying for sessions with two psychologists. Finish or cancel one of those payments (an unfinished one ends by itself within 10 minutes), then choose this time again.',
  },
  HOLD_IN_PROGRESS: {
    status: 409,
    message:
      'Another booking of yours is being placed right now. Please wait a moment and try again.',
  },
  HOLDS_PAUSED: {
    status: 429,
    message:
      'You started many payments in the last 24 hours without finishing them, so new bookings are paused for a while. Please try again later.',
  },
  URI_TOO_LONG: { status: 414, message: 'The address is too long. Check the link and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  PAYMENT_ORDER_NOT_FOUND: {
    status: 404,
    message: 'We could not find that payment order. Please start the booking again.',
  },
  PAYMENT_SIGNATURE_INVALID: {
    status: 400,
    message: 'This payment could not be verified. You have not been charged for a booking.',
  },
  PAYMENT_AMOUNT_MISMATCH: {
    status: 422,
    message: 'The amount paid does not match the fee, so the payment has been refunded in full.',
  },
  PAYMENT_NOT_CAPTURED: {
    status: 409,
    message: 'Your payment is still being processed. We will confirm it as soon as it completes.',
  },
  PAYMENT_ALREADY_PAID: {
    status: 409,
    message:
      'This order was already paid by an earlier payment; this second payment is being refunded in full.',
  },
  PAYMENT_REFUNDED: {
    status: 409,
    message:
      'We could not complete this booking (the slot was no longer held for you), so your payment has been refunded in full.',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  ORDER_CREATION_FAILED: {
    status: 502,
    message: 'Failed to create order. Please try again in a moment.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Please try again in a moment.',
  },
  REFUND_EXCEEDS_PAYMENT: {
    status: 422,
    message: 'A refund cannot be larger than what is left of the payment.',
  },
  SANDBOX_DISABLED: {
    status: 404,
    message: 'The test-mode payment sandbox is not enabled on this server.',
  },
  SLOT_TAKEN: {
    status: 409,
    message: 'That slot has just been taken. Please choose another time.',
  },
  SLOT_UNAVAILABLE: {
    status: 422,
    message: 'That time cannot be booked. Please choose another slot.',
  },
  INVALID_DURATION: {
    status: 400,
    message: 'A session lasts 20 or 45 minutes: the end must be 20 or 45 minutes after the start.',
  },
  BOOKING_NOT_FOUND: { status: 404, message: 'That booking could not be found.' },
  PAYMENT_REQUIRED: {
    status: 402,
    message:
      'A session is booked by paying for it: choose a slot, then pay in the checkout. No booking was made.',
  },
  PAYMENT_NOT_VERIFIED: {
    status: 409,
    message:
      'This order has not been paid and verified yet, so no booking was made. Please complete the payment first.',
  },
  PAID_BOOKING_CANCEL_FLOW: {
    status: 409,
    message:
      'A paid booking is cancelled through Cancel Appointment (the Delete Event button), which also refunds it.',
  },
  BOOKING_CANCELED: {
    status: 409,
    message: 'This session has been canceled, so it can no longer be changed.',
  },
  BOOKING_ALREADY_CANCELED: { status: 409, message: 'This session is already canceled.' },
  BOOKING_NOT_CONFIRMED: {
    status: 409,
    message:
      'This slot is only held while its payment is in progress; it is not a booked session yet.',
  },
  PENALTY_REFUNDED: {
    status: 409,
    message:
      'The session could not be canceled (it was already canceled or has started), so your cancellation fee has been refunded in full.',
  },
  SESSION_NOT_STARTED: {
    status: 409,
    message: 'Attendance can be marked once the session has started.',
  },
  SESSION_ALREADY_STARTED: {
    status: 409,
    message: 'This session has already started or ended, so it can no longer be canceled.',
  },
  RESCHEDULE_NOT_ALLOWED: {
    status: 409,
    message: 'This session cannot be moved now. You can still cancel it.',
  },
  RESCHEDULE_SAME_TIME: {
    status: 400,
    message: 'The session already starts at that time. Choose a different time to move it to.',
  },
  LENGTH_CHANGE_NOT_ALLOWED: {
    status: 409,
    message:
      'Only the patient can change the length of a paid session, because the fee changes with it. Move it at the same length, or ask the patient to change it.',
  },
  LENGTH_CHANGE_REFUNDED: {
    status: 409,
    message:
      'The new time could not be kept (it was taken meanwhile, the session changed, or it has started), so your payment is being refunded in full. Your session stays as it was.',
  },
  MOVE_PENDING: {
    status: 409,
    message:
      'The patient has not yet answered the last move of this session. Wait for their answer before moving it again.',
  },
  NO_MOVE_PENDING: {
    status: 409,
    message: 'There is no new time waiting for your answer on this session.',
  },
  MOVE_LINK_INVALID: {
    status: 410,
    message:
      'This link has already been used, or the session has started or been canceled. Open your sessions in Sukoon to see where it stands.',
  },
  CALENDAR_FEED_NOT_FOUND: {
    status: 404,
    message:
      'This calendar feed does not exist: it was turned off or its link was reset. Copy the current link from Calendar feed in Sukoon.',
  },
  CALENDAR_FEED_OFF: {
    status: 409,
    message: 'Your calendar feed is off. Turn it on first.',
  },
  CALENDAR_FEED_ALREADY_ON: {
    status: 409,
    message:
      'Your calendar feed is already on. Its link was shown once; choose Reset the link for a new one.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: SERVER_ERROR_MESSAGE },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorMessage(code: string): string {
  return code in ERRORS ? ERRORS[code as ErrorCode].message : ERRORS.INTERNAL.message;
}
