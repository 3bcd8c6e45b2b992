import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, ROLES, USERNAME_MIN_LENGTH } from './constants';
import { LOCALES } from './locales';
import { FullName } from './names';
import { PaymentsPublicConfig } from './payments';
import { SPECIALIZATIONS } from './profile-labels';

/** Emails compare case-insensitively; they are stored as typed but trimmed. */
export const Email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Invalid email format'));

export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** The name printed on this person's receipts (a psychologist's patients see their profile's). */
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The language the app, the API's messages and the emails speak to this person in. */
  locale: z.enum(LOCALES),
});
export type User = z.infer<typeof User>;

/**
 * `PATCH /api/users/me`: the signed-in person's own details. A full name is printed on their
 * receipts; an empty one (or null) removes it, and receipts then carry the username.
 */
export const AccountUpdateBody = z
  .object({
    fullName: z
      .preprocess(
        (value) => (typeof value === 'string' && !value.trim() ? null : value),
        FullName.nullable(),
      )
      .optional(),
    locale: z
      .enum(LOCALES, { error: `Choose a language Sukoon speaks: ${LOCALES.join(' or ')}` })
      .optional(),
  })
  .refine(
    (body) => body.fullName !== undefined || body.locale !== undefined,
    'Nothing to change: send fullName or locale',
  );
export type AccountUpdate = z.output<typeof AccountUpdateBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginData = z.object({ token: z.string(), user: User });
export type LoginData = z.infer<typeof LoginData>;

/** What the browser needs to know about this server before anyone signs in. */
export const PublicConfig = z.object({
  demo: z.boolean(),
  /** Which checkout to open: Razorpay's (with its publishable key) or the app's own test-mode sandbox. */
  payments: PaymentsPublicConfig,
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters long`)
  .max(30, 'Username must be at most 30 characters long')
  .regex(/^[A-Za-z0-9_]+$/, 'Username may contain only letters, digits and underscore');

/** Length only; the server also refuses the most common passwords (a list too large for the browser). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(200, 'Password must be at most 200 characters long');

/** Institution codes are case-sensitive and trimmed. */
export const PsychologistCode = z
  .string()
  .trim()
  .min(1, 'Psychologist code is required')
  .max(64, 'Psychologist code is too long');

export const RegisterBody = z
  .object({
    username: Username,
    email: Email,
    password: NewPassword,
    role: z.enum(ROLES, 'Role is required'),
    psychologist_code: z.string().trim().max(64, 'Psychologist code is too long').optional(),
    /** Agreement to the privacy notice (PRIVACY_NOTICE_VERSION); the web app requires it. */
    consent: z.literal(true, 'consent can only be true: leave it out to not consent').optional(),
    /**
     * The name on the person's receipts; for a psychologist also the start of their profile (with
     * their first specialization).
     */
    fullName: FullName.optional(),
    specialization: z
      .enum(SPECIALIZATIONS, `Choose a specialization: ${SPECIALIZATIONS.join(', ')}`)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.role === 'psychologist' && !body.psychologist_code) {
      context.addIssue({
        code: 'custom',
        path: ['psychologist_code'],
        message: 'Psychologist code is required',
      });
    }
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * The same answer whether or not the email already had an account (that owner is emailed instead),
 * so it names no user: whether someone uses a therapy service is theirs to tell.
 */
export const RegisterData = z.object({
  message: z.string(),
  /** True: the next step is the code sent to the email; the account is usable once verified. */
  verificationRequired: z.literal(true),
});
export type RegisterData = z.infer<typeof RegisterData>;

/** Digits only, exactly OTP_LENGTH of them. */
export const OtpCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Please enter all ${OTP_LENGTH} digits`);

export const OtpVerifyBody = z.object({
  email: z.string().trim().min(1, 'Email is required for verification').pipe(Email),
  otp_code: OtpCode,
});
export type OtpVerifyBody = z.infer<typeof OtpVerifyBody>;

/**
 * A verified email signs its owner in: the session of a sign-in, with the message the specification
 * shows ('Email verified successfully!').
 */
export const VerifyEmailData = LoginData.extend({ message: z.string() });
export type VerifyEmailData = z.infer<typeof VerifyEmailData>;

export const EmailBody = z.object({ email: Email });
export type EmailBody = z.infer<typeof EmailBody>;

export const PasswordResetBody = z.object({
  email: Email,
  otp_code: OtpCode,
  new_password: NewPassword,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const MessageData = z.object({ message: z.string() });
export type MessageData = z.infer<typeof MessageData>;

export const VerifyPsychologistCodeBody = z.object({ code: PsychologistCode });
export const VerifyPsychologistCodeData = z.object({
  valid: z.boolean(),
  institution: z.string().nullable(),
});

export const SignInTokenBody = z.object({
  token: z.string().trim().min(20, 'The sign-in link is not complete').max(200),
});
