import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, LoginData, User, okEnvelope } from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';
import { createAuthService, toUserDto } from './auth-service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.database.db);

  app.post(
    '/api/users/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password; returns a bearer token',
        body: LoginBody,
        // The original client reads `token` at the top level as well as `data.token`.
        response: { 200: okEnvelope(LoginData).extend({ token: z.string() }) },
      },
    },
    async (request) => {
      const data = await auth.login(request.body.email, request.body.password);
      return { success: true as const, data, error: null, token: data.token };
    },
  );

  app.get(
    '/api/users/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(User) },
      },
    },
    async (request) => ({
      success: true as const,
      data: toUserDto(requireAuth(request)),
      error: null,
    }),
  );

  app.post(
    '/api/users/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the current bearer token',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(z.object({ loggedOut: z.literal(true) })) },
      },
    },
    async (request) => {
      await auth.logout(requireAuth(request).sessionId);
      return { success: true as const, data: { loggedOut: true as const }, error: null };
    },
  );
};
