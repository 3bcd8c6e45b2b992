import { z } from 'zod';
import { ROLES } from './constants';
import { PaymentsPublicConfig } from './payments';

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
  avatarUrl: z.string().nullable(),
});
export type User = z.infer<typeof User>;

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
