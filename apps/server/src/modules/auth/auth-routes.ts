import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountUpdateBody,
  EmailBody,
  LoginBody,
  LoginData,
  MessageData,
  OtpVerifyBody,
  PasswordResetBody,
  RegisterBody,
  RegisterData,
  SignInTokenBody,
  User,
  VerifyEmailData,
  okEnvelope,
} from '@sukoon/shared';
import { requestLocale } from '../../i18n/translate';
import { AppError, localizedError } from '../../lib/errors';
import { requireAuth } from '../../plugins/authenticate';
import { createAuthService, toUserDto } from './auth-service';

// The original client reads `token` at the top level as well as `data.token`.
const SignedIn = okEnvelope(LoginData).extend({ token: z.string() });
const signedIn = (data: LoginData) => ({
  success: true as const,
  data,
  error: null,
  token: data.token,
});
const ok = <T>(data: T) => ({ success: true as const, data, error: null });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  const auth = createAuthService(app.database.db, {
    onMailQueued: () => app.mailer.wake(),
    signInLimits:
      env.RATE_LIMITS === 'on'
        ? {
            perAddress: env.RATE_LIMIT_PER_ACCOUNT,
            windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
          }
        : undefined,
  });
  const tags = ['accounts'];

  app.post(
    '/api/users/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password; returns a bearer token',
        body: LoginBody,
        response: { 200: SignedIn },
      },
      // Per address only: the per-account limit counts failures, in the service.
      preValidation: app.authLimits('login', { perAccount: false }),
      // A new session and an audit entry: nothing a cache holds.
      config: { keepsCaches: true },
    },
    async (request, reply) =>
      signedIn(
        await auth
          .login(request.body.email, request.body.password, { ip: request.ip })
          .catch((error: unknown) => {
            const wait = error instanceof AppError ? error.extra?.retryAfterSeconds : undefined;
            if (typeof wait === 'number') void reply.header('retry-after', String(wait));
            throw error;
          }),
      ),
  );

  app.post(
    '/api/users/register',
    {
      schema: {
        tags,
        summary:
          'Create an account (psychologists need an institution code) and email a code; a taken email gets the same answer and its owner an email instead',
        body: RegisterBody,
        response: { 201: okEnvelope(RegisterData) },
      },
      preValidation: app.authLimits('register'),
    },
    async (request, reply) =>
      reply.status(201).send(ok(await auth.register(request.body, requestLocale(request)))),
  );

  app.post(
    '/api/otp/verify',
    {
      schema: {
        tags,
        summary:
          'Verify an email with the 6-digit code sent to it; signs its owner in (a bearer token, as login returns)',
        body: OtpVerifyBody,
        response: { 200: okEnvelope(VerifyEmailData).extend({ token: z.string() }) },
      },
      preValidation: app.authLimits('otp'),
    },
    async (request) => {
      const data = await auth.verifyEmail(
        request.body.email,
        request.body.otp_code,
        { ip: request.ip },
        requestLocale(request),
      );
      return { ...ok(data), token: data.token };
    },
  );

  app.post(
    '/api/resend-otp',
    {
      schema: {
        tags,
        summary: 'Send a new verification code (once a minute)',
        body: EmailBody,
        response: { 200: okEnvelope(MessageData) },
      },
      preValidation: app.authLimits('resend'),
    },
    async (request) =>
      ok(await auth.resendVerification(request.body.email, requestLocale(request))),
  );

  app.post(
    '/api/password/forgot',
    {
      schema: {
        tags,
        summary: 'Email a password reset code; answers the same for unknown emails',
        body: EmailBody,
        response: { 200: okEnvelope(MessageData) },
      },
      preValidation: app.authLimits('forgot'),
    },
    async (request) => ok(await auth.forgotPassword(request.body.email, requestLocale(request))),
  );

  app.post(
    '/api/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the emailed code; signs out every device',
        body: PasswordResetBody,
        response: { 200: okEnvelope(MessageData) },
      },
      preValidation: app.authLimits('otp'),
    },
    async (request) =>
      ok(
        await auth.resetPassword(
          request.body.email,
          request.body.otp_code,
          request.body.new_password,
          { ip: request.ip },
          requestLocale(request),
        ),
      ),
  );

  app.post(
    '/api/users/token-login',
    {
      schema: {
        tags,
        summary: 'Exchange a single-use sign-in link token (from an email) for a session',
        body: SignInTokenBody,
        response: { 200: SignedIn },
      },
      preValidation: app.authLimits('token-login'),
    },
    async (request) => signedIn(await auth.signInWithToken(request.body.token, { ip: request.ip })),
  );

  app.post(
    '/api/users/demo-login',
    {
      schema: {
        tags,
        summary: 'Sign in as the demo patient (only while demo data is on)',
        response: { 200: SignedIn },
      },
      preValidation: app.authLimits('demo-login'),
    },
    async (request) => {
      if (!app.env.DEMO) throw localizedError('NOT_FOUND', 'error.demo.disabled');
      return signedIn(await auth.signInDemoPatient({ ip: request.ip }));
    },
  );

  app.get(
    '/api/users/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(User) },
      },
    },
    async (request) => ok(toUserDto(requireAuth(request))),
  );

  app.patch(
    '/api/users/me',
    {
      schema: {
        tags,
        summary:
          'Change your own details: the full name printed on your receipts, the language Sukoon speaks to you in',
        security: [{ bearer: [] }],
        body: AccountUpdateBody,
        response: { 200: okEnvelope(User) },
      },
    },
    async (request) => ok(await auth.updateAccount(requireAuth(request), request.body)),
  );

  app.post(
    '/api/auth/sign-out-everywhere',
    {
      schema: {
        tags,
        summary: 'Revoke every session and every emailed sign-in link of the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(z.object({ signedOut: z.literal(true) })) },
      },
    },
    async (request) => {
      await auth.signOutEverywhere(requireAuth(request));
      return ok({ signedOut: true as const });
    },
  );

  app.post(
    '/api/users/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the current bearer token',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(z.object({ loggedOut: z.literal(true) })) },
      },
    },
    async (request) => {
      await auth.logout(requireAuth(request));
      return ok({ loggedOut: true as const });
    },
  );
};
