import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okEnvelope,
  RECEIPT_LIMITS,
  ReceiptFileParams,
  ReceiptList,
  ReceiptListQuery,
} from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';
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
          'The receipts and refund notes of one of your sessions that you issued or received',
        security: [{ bearer: [] }],
        querystring: ReceiptListQuery,
        response: { 200: okEnvelope(ReceiptList) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      return {
        success: true as const,
        data: await receipts.listForBooking(actor.id, request.query.booking_id),
        error: null,
      };
    },
  );
};
