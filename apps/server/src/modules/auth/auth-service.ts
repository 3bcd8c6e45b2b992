import {
  OTP_TTL_MINUTES,
  nameFromUsername,
  PRIVACY_NOTICE_VERSION,
  type AccountUpdate,
  type Locale,
  type RegisterBody,
  type User,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { uniqueViolationOf } from '../../db/errors';
import { DEMO_PATIENT, ensureDemoData } from '../../db/seed';
import { AppError, tooManyAttempts } from '../../lib/errors';
import { createCodesRepository } from '../codes/codes-repository';
import { translate, translatorFor } from '../../i18n/translate';
import { renderMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { checkOtp, issueOtp, resendWaitSeconds } from './one-time-codes-service';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { recordAudit } from '../audit/audit-repository';
import { hashSecretToken } from '../../lib/secret-tokens';
import { createSessionsService, type AuthUser } from './sessions-service';
import { createSignInFailuresRepository } from './sign-in-failures-repository';
import { createSignInTokensRepository } from './sign-in-tokens-repository';
import { createUsersRepository } from './users-repository';
import { flagNameIfTooClose } from '../psychologists/name-review';

/**
 * Answers that must not tell whether an email has an account (register, forgot, resend) take at least
 * this long, so the extra database work for a real account cannot be timed (measured: ~26 ms vs ~40 ms
 * otherwise; register's argon2 hash fits within it too).
 */
const EVEN_ANSWER_MS = 250;
async function answerNoSoonerThan(startedAt: number) {
  const wait = EVEN_ANSWER_MS - (performance.now() - startedAt);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Verifying against a real hash when the email is unknown keeps both answers equally slow. */
const unknownUserHash = hashPassword('no-such-user-placeholder');

/**
 * NIST SP 800-63B's bound: after this many wrong passwords in a row the account takes no more
 * passwords until its owner resets it by email (a wait would let a stranger renew the lock forever).
 */
export const MAX_CONSECUTIVE_SIGN_IN_FAILURES = 100;
/** Failures for an email from all addresses in the window, in per-address limits, before slowing. */
const SLOW_AFTER_PER_ADDRESS_LIMITS = 2;
/** The window failures are counted in when rate limits are off (they still count towards the lock). */
const DEFAULT_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const SLOW_STEP_MS = 250;
const SLOW_MAX_MS = 5_000;

export function toUserDto(user: {
  id: string;
  email: string;
  username: string;
  role: User['role'];
  fullName: string | null;
  locale: Locale;
}): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    fullName: user.fullName,
    avatarUrl: null,
    locale: user.locale,
  };
}

/** The one-time-code and account emails, in the language of the person they go to. */
const verificationMail = (to: string, locale: Locale, code: string) => {
  const t = translatorFor(locale);
  return {
    to,
    ...renderMail({
      locale,
      subject: t('mail.verify.subject', { code }),
      heading: t('mail.verify.heading'),
      code,
      paragraphs: [t('mail.verify.enter', { minutes: OTP_TTL_MINUTES }), t('mail.verify.ignore')],
    }),
  };
};

/** Sent instead of a code when someone registers with an email that already has an account. */
const alreadyRegisteredMail = (to: string, locale: Locale, username: string) => {
  const t = translatorFor(locale);
  return {
    to,
    ...renderMail({
      locale,
      subject: t('mail.alreadyRegistered.subject'),
      heading: t('mail.alreadyRegistered.heading'),
      paragraphs: [
        t('mail.alreadyRegistered.what', { username }),
        t('mail.alreadyRegistered.ifYou'),
        t('mail.alreadyRegistered.ifNotYou'),
      ],
    }),
  };
};

const resetMail = (to: string, locale: Locale, code: string) => {
  const t = translatorFor(locale);
  return {
    to,
    ...renderMail({
      locale,
      subject: t('mail.reset.subject', { code }),
      heading: t('mail.reset.heading'),
      code,
      paragraphs: [t('mail.reset.enter', { minutes: OTP_TTL_MINUTES }), t('mail.reset.ignore')],
    }),
  };
};

// The time stays in UTC's English form in every language until dates are worded per language.
const passwordChangedMail = (to: string, locale: Locale, when: Date) => {
  const t = translatorFor(locale);
  return {
    to,
    ...renderMail({
      locale,
      subject: t('mail.passwordChanged.subject'),
      heading: t('mail.passwordChanged.heading'),
      paragraphs: [
        t('mail.passwordChanged.what', { when: when.toUTCString() }),
        t('mail.passwordChanged.ifNotYou'),
      ],
    }),
  };
};

/** Where a request came from, for the sign-in entries of the audit log. */
export interface ClientContext {
  ip: string;
}

export interface AuthServiceOptions {
  clock?: () => Date;
  /**
   * Wrong passwords one address may try on one email within the window before it is refused;
   * undefined turns the per-address refusal and the account-wide slowing off (RATE_LIMITS=off).
   */
  signInLimits?: { perAddress: number; windowMs: number } | undefined;
  /** Called after a transaction that queued mail has committed, so the worker sends it at once. */
  onMailQueued?: () => void;
}

export function createAuthService(db: Database, options: AuthServiceOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const mailQueued = options.onMailQueued ?? (() => {});
  const usersRepository = createUsersRepository(db);

  /** Issues a session and records the sign-in (with the client's address) in the audit log. */
  async function signInAs(
    user: Parameters<typeof toUserDto>[0],
    method: 'password' | 'link' | 'demo' | 'email_code',
    client: ClientContext,
  ) {
    const token = await db.transaction(async (tx) => {
      const issued = await createSessionsService(tx, clock).issue(user.id);
      await recordAudit(tx, {
        action: 'auth.signed_in',
        actor: { id: user.id, role: user.role },
        subjectUserId: user.id,
        details: { method, ip: client.ip },
      });
      return issued.token;
    });
    return { token, user: toUserDto(user) };
  }

  return {
    /**
     * Only failures count, per email and address together: a stranger's wrong passwords never stop
     * the owner's right one from another address. Unknown emails are counted, refused and locked alike
     * and do the same work (hash, counters, audit row), so neither the answer nor its timing tells
     * whether an account exists.
     */
    async login(email: string, password: string, client: ClientContext) {
      const limits = options.signInLimits;
      const failuresRepository = createSignInFailuresRepository(db);
      const user = await usersRepository.findByEmail(email);
      const failures = await failuresRepository.count(email, client.ip);
      if (failures.consecutive >= MAX_CONSECUTIVE_SIGN_IN_FAILURES)
        throw new AppError('ACCOUNT_LOCKED');
      if (limits && failures.fromAddress >= limits.perAddress) {
        const seconds = Math.max(1, failures.fromAddressEndsInSeconds);
        throw tooManyAttempts(seconds);
      }
      const valid = await verifyPassword(user?.passwordHash ?? (await unknownUserHash), password);
      if (!user || !valid || !user.emailVerifiedAt) {
        await recordAudit(db, {
          action: 'auth.sign_in_failed',
          actor: null,
          ...(user ? { subjectUserId: user.id } : {}),
          details: {
            reason: !user ? 'no_account' : valid ? 'email_not_verified' : 'wrong_password',
            ip: client.ip,
          },
        });
      }
      if (!user || !valid) {
        await failuresRepository.recordFailure(
          email,
          client.ip,
          limits?.windowMs ?? DEFAULT_FAILURE_WINDOW_MS,
        );
        const slowAfter = limits ? limits.perAddress * SLOW_AFTER_PER_ADDRESS_LIMITS : Infinity;
        // Slowing, not refusing: the owner's right password is never delayed, an attacker's guesses are.
        if (failures.recent >= slowAfter) {
          const delay = Math.min(SLOW_MAX_MS, SLOW_STEP_MS * (failures.recent - slowAfter + 1));
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (failures.consecutive > 0) await failuresRepository.clearConsecutive(email);
      if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
      return signInAs(user, 'password', client);
    },

    /** Ends every session and every open sign-in link of the caller, e.g. after losing a phone. */
    async signOutEverywhere(actor: AuthUser) {
      await db.transaction(async (tx) => {
        const now = clock();
        await createSessionsService(tx, clock).revokeAllForUser(actor.id);
        await createSignInTokensRepository(tx).revokeAllForUser(actor.id, now);
        await recordAudit(tx, {
          action: 'auth.signed_out_everywhere',
          actor: { id: actor.id, role: actor.role },
          subjectUserId: actor.id,
        });
      });
    },

    /** The person's own details: their full name (printed on their receipts) and their language. */
    async updateAccount(actor: AuthUser, body: AccountUpdate): Promise<User> {
      const updated = await usersRepository.updateDetails(actor.id, {
        ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
        ...(body.locale !== undefined ? { locale: body.locale } : {}),
      });
      if (!updated) throw new AppError('UNAUTHENTICATED');
      return toUserDto(updated);
    },

    async logout(actor: AuthUser) {
      await db.transaction(async (tx) => {
        await createSessionsService(tx, clock).revoke(actor.sessionId);
        await recordAudit(tx, {
          action: 'auth.signed_out',
          actor: { id: actor.id, role: actor.role },
          subjectUserId: actor.id,
        });
      });
    },

    /**
     * Creates the account, consumes the institution code (psychologists) and queues the verification
     * email in one transaction: if any part fails, nothing is written. The account speaks the language
     * the person registered in (the request's), and so does its first email.
     */
    async register(body: RegisterBody, locale: Locale) {
      const startedAt = performance.now();
      if (await isCommonPassword(body.password)) throw new AppError('WEAK_PASSWORD');
      const passwordHash = await hashPassword(body.password);
      const now = clock();
      const answer = async () => {
        await answerNoSoonerThan(startedAt);
        return {
          message: translate(locale, 'auth.registered', { email: body.email }),
          verificationRequired: true as const,
        };
      };
      const owner = await usersRepository.findByEmail(body.email);
      if (owner) {
        // A wrong institution code must read the same as it would for a new email.
        if (
          body.role === 'psychologist' &&
          !(await createCodesRepository(db).findUsable(body.psychologist_code ?? '', now))
        )
          throw new AppError('INVALID_PSYCHOLOGIST_CODE');
        await db.transaction((tx) =>
          enqueueMail(tx, alreadyRegisteredMail(owner.email, owner.locale, owner.username)),
        );
        mailQueued();
        return answer();
      }
      const created = await db
        .transaction(async (tx) => {
          const created = await createUsersRepository(tx).create({
            email: body.email,
            username: body.username,
            passwordHash,
            role: body.role,
            locale,
            // Kept for receipts, which print the patient's name (a psychologist's is their profile's).
            ...(body.fullName ? { fullName: body.fullName } : {}),
            // The web app shows the privacy notice and sends its consent; the original client did not.
            ...(body.consent ? { consentedAt: now, consentVersion: PRIVACY_NOTICE_VERSION } : {}),
          });
          if (body.role === 'psychologist') {
            const code = await createCodesRepository(tx).consume(
              body.psychologist_code ?? '',
              created.id,
              now,
            );
            if (!code) throw new AppError('INVALID_PSYCHOLOGIST_CODE');
            // The Full name and Specialization typed at registration start the profile; patients never
            // see a bare username (issue 17 §2).
            const name = body.fullName ?? nameFromUsername(created.username);
            await createUsersRepository(tx).createPsychologistProfile(
              created.id,
              name,
              body.specialization ? [body.specialization] : [],
            );
            await flagNameIfTooClose(tx, created.id, name);
          }
          const otp = await issueOtp(tx, created.id, 'verify_email', now);
          await enqueueMail(tx, verificationMail(created.email, created.locale, otp));
          return true;
        })
        .catch((error: unknown) => {
          const index = uniqueViolationOf(error);
          if (index === 'users_username_lower_unique') throw new AppError('USERNAME_TAKEN');
          // The same email registered at the same instant: the other request made the account.
          if (index !== null) return false;
          throw error;
        });
      if (created) mailQueued();
      return answer();
    },

    /**
     * Verifies the email with its one-time code (the same attempt and expiry rules as ever) and signs
     * its owner in, as a password sign-in does: a session and an audit entry. The code proves the
     * mailbox, which is all a password reset asks for too, so asking for the password again would add
     * nothing but a step.
     */
    async verifyEmail(email: string, otpCode: string, client: ClientContext, locale: Locale) {
      const user = await usersRepository.findByEmail(email);
      if (!user) throw new AppError('OTP_INVALID');
      const now = clock();
      await checkOtp(db, user.id, 'verify_email', otpCode, now);
      await usersRepository.markEmailVerified(user.id, now);
      return {
        message: translate(locale, 'auth.verified'),
        ...(await signInAs(user, 'email_code', client)),
      };
    },

    /**
     * Unknown and already verified emails, and a request within a minute of the last code, get the same
     * answer as a sent code: nothing to learn (the web app keeps its own one-minute countdown).
     */
    async resendVerification(email: string, locale: Locale) {
      const startedAt = performance.now();
      const user = await usersRepository.findByEmail(email);
      const now = clock();
      if (
        !user ||
        user.emailVerifiedAt ||
        (await resendWaitSeconds(db, user.id, 'verify_email', now)) > 0
      ) {
        await answerNoSoonerThan(startedAt);
        return { message: translate(locale, 'auth.resent') };
      }
      await db.transaction(async (tx) => {
        const otp = await issueOtp(tx, user.id, 'verify_email', now);
        await enqueueMail(tx, verificationMail(user.email, user.locale, otp));
      });
      mailQueued();
      await answerNoSoonerThan(startedAt);
      return { message: translate(locale, 'auth.resent') };
    },

    /** The same answer, in about the same time, whether or not the email has an account. */
    async forgotPassword(email: string, locale: Locale) {
      const startedAt = performance.now();
      const user = await usersRepository.findByEmail(email);
      const now = clock();
      if (user && (await resendWaitSeconds(db, user.id, 'reset_password', now)) === 0) {
        await db.transaction(async (tx) => {
          const otp = await issueOtp(tx, user.id, 'reset_password', now);
          await enqueueMail(tx, resetMail(user.email, user.locale, otp));
        });
        mailQueued();
      }
      await answerNoSoonerThan(startedAt);
      return { message: translate(locale, 'auth.forgot') };
    },

    /**
     * Sets the new password, marks the email verified (the code proved the mailbox), signs every device
     * out and sends a notice. The code is checked outside the transaction so wrong tries still count.
     */
    async resetPassword(
      email: string,
      otpCode: string,
      newPassword: string,
      client: ClientContext,
      locale: Locale,
    ) {
      // The password check comes first, so its answer says nothing about whether the email exists.
      if (await isCommonPassword(newPassword))
        throw new AppError('WEAK_PASSWORD', undefined, undefined, { field: 'new_password' });
      const user = await usersRepository.findByEmail(email);
      if (!user) throw new AppError('OTP_INVALID');
      const now = clock();
      await checkOtp(db, user.id, 'reset_password', otpCode, now);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const users = createUsersRepository(tx);
        await users.setPassword(user.id, passwordHash);
        await users.markEmailVerified(user.id, now);
        await createSessionsService(tx, clock).revokeAllForUser(user.id);
        await createSignInTokensRepository(tx).revokeAllForUser(user.id, now);
        await createSignInFailuresRepository(tx).clearConsecutive(user.email);
        await enqueueMail(tx, passwordChangedMail(user.email, user.locale, now));
        await recordAudit(tx, {
          action: 'auth.password_reset',
          actor: { id: user.id, role: user.role },
          subjectUserId: user.id,
          details: { ip: client.ip },
        });
      });
      mailQueued();
      return { message: translate(locale, 'auth.reset') };
    },

    /** Exchanges a single-use sign-in link token for a session. */
    async signInWithToken(token: string, client: ClientContext) {
      const userId = await createSignInTokensRepository(db).consume(
        hashSecretToken(token),
        clock(),
      );
      const user = userId ? await usersRepository.findById(userId) : undefined;
      if (!user || user.role !== 'patient') throw new AppError('SIGN_IN_LINK_INVALID');
      // Arriving through the emailed link proves the mailbox as well as a code would.
      if (!user.emailVerifiedAt) await usersRepository.markEmailVerified(user.id, clock());
      return signInAs(user, 'link', client);
    },

    /** Signs in the fixed demo patient (only offered while demo data is on). */
    async signInDemoPatient(client: ClientContext) {
      await ensureDemoData(db);
      const user = await usersRepository.findByEmail(DEMO_PATIENT.email);
      if (!user) throw new AppError('NOT_FOUND');
      return signInAs(user, 'demo', client);
    },
  };
}
