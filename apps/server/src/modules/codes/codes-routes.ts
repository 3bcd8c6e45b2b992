import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VerifyPsychologistCodeBody, VerifyPsychologistCodeData, okEnvelope } from '@sukoon/shared';
import { createCodesService } from './codes-service';

export const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  const codes = createCodesService(app.database.db);

  app.post(
    '/api/psychologists/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Tell whether an institution code can still be used to register',
        body: VerifyPsychologistCodeBody,
        response: { 200: okEnvelope(VerifyPsychologistCodeData) },
      },
      preValidation: app.authLimits('verify-code'),
    },
    async (request) => ({
      success: true as const,
      data: await codes.check(request.body.code),
      error: null,
    }),
  );
};
