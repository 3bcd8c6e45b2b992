import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
  okEnvelope,
} from '@sukoon/shared';
import { AppError } from '../../lib/errors';
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
  const auth = createAuthService(app.database.db, { onMailQueued: () => app.mailer.wake() });
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
      preValidation: app.authLimits('login'),
    },
    async (request) =>
      signedIn(await auth.login(request.body.email, request.body.password, { ip: request.ip })),
  );

  app.post(
    '/api/users/register',
    {
      schema: {
        tags,
        summary: 'Create an account (psychologists need an institution code) and email a code',
        body: RegisterBody,
        response: { 201: okEnvelope(RegisterData) },
      },
      preValidation: app.authLimits('register'),
    },
    async (request, reply) => reply.status(201).send(ok(await auth.register(request.body))),
  );

  app.post(
    '/api/otp/verify',
    {
      schema: {
        tags,
        summary: 'Verify an email with the 6-digit code sent to it',
        body: OtpVerifyBody,
        response: { 200: okEnvelope(MessageData) },
      },
      preValidation: app.authLimits('otp'),
    },
    async (request) => ok(await auth.verifyEmail(request.body.email, request.body.otp_code)),
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
    async (request) => ok(await auth.resendVerification(request.body.email)),
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
    async (request) => ok(await auth.forgotPassword(request.body.email)),
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
      if (!app.env.DEMO)
        throw new AppError('NOT_FOUND', 'Demo data is not enabled on this server.');
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
