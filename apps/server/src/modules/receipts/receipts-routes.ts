import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okEnvelope,
  RECEIPT_LIMITS,
  ReceiptFileParams,
  ReceiptList,
  ReceiptListQuery,
  ReceiptSettings,
  ReceiptSettingsData,
} from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createReceiptsService, issueReceipt, issueRefundNote } from './receipts-service';

const tags = ['receipts'];

/**
 * Receipts and refund notes: numbered by the payments layer as it settles and refunds (registered
 * here), downloaded as PDF by the two people on them. Anyone else is told there is no such document.
 */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const receipts = createReceiptsService(app.database.db);
  app.payments.registerDocuments({
    captured: (tx, order, payment, now) => issueReceipt(tx, order, payment, now),
    refundRecorded: (tx, refund, providerPaymentId, now) =>
      issueRefundNote(tx, refund, providerPaymentId, now),
  });
  const limits = app.userLimits('receipt', RECEIPT_LIMITS);

  app.get(
    '/api/receipts/:id.pdf',
    {
      preValidation: [limits],
      schema: {
        tags,
        summary:
          'A receipt, Bill of Supply, refund note or cancellation fee receipt as an A4 PDF (its issuer and recipient only; 404 to anyone else)',
        security: [{ bearer: [] }],
        params: ReceiptFileParams,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const { fileName, pdf } = await receipts.pdf(actor.id, request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/receipts',
    {
      preValidation: [limits],
      schema: {
        tags,
        summary:
          'Receipts and refund notes you issued or received: of one session (booking_id), or your newest 200',
        security: [{ bearer: [] }],
        querystring: ReceiptListQuery,
        response: { 200: okEnvelope(ReceiptList) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      return {
        success: true as const,
        data: await receipts.list(actor.id, request.query.booking_id),
        error: null,
      };
    },
  );

  app.get(
    '/api/receipts/settings',
    {
      preValidation: [signedIn('psychologist')],
      schema: {
        tags,
        summary:
          'What your next receipts print: practice address, GST status and GSTIN (psychologists)',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(ReceiptSettingsData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      return { success: true as const, data: await receipts.settings(actor.id), error: null };
    },
  );

  app.put(
    '/api/receipts/settings',
    {
      preValidation: [signedIn('psychologist')],
      schema: {
        tags,
        summary:
          'Sets what your next receipts print; receipts already issued keep theirs. A GSTIN is checked (shape and check character) and needed when registered',
        security: [{ bearer: [] }],
        body: ReceiptSettings,
        response: { 200: okEnvelope(ReceiptSettingsData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      return {
        success: true as const,
        data: await receipts.updateSettings(actor.id, request.body),
        error: null,
      };
    },
  );
};
