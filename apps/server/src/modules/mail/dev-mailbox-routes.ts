import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '@sukoon/shared';
import { createMailRepository, type OutboxMail } from './mail-repository';

const MailboxQuery = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const MailboxMessage = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  sentAt: z.string().nullable(),
});

const toMessage = (row: OutboxMail): z.infer<typeof MailboxMessage> => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  attachments: row.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  sentAt: row.sentAt?.toISOString() ?? null,
});

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only (no SMTP_URL, not production): what the app "sent", so one-time codes can be read
 * without a mail server. `/dev/mailbox` is a page; `/dev/mailbox.json` (or Accept: JSON) the same as data.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = createMailRepository(app.database.db);

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages delivered to the dev mailbox, newest first',
        querystring: MailboxQuery,
        response: { 200: okEnvelope(z.array(MailboxMessage)) },
      },
    },
    async (request) => {
      await app.mailer.drain();
      const rows = await mail.listSent(request.query.to, request.query.limit);
      return { success: true as const, data: rows.map(toMessage), error: null };
    },
  );

  app.get(
    '/dev/mailbox',
    { schema: { tags: ['development'], querystring: MailboxQuery, hide: true } },
    async (request, reply) => {
      await app.mailer.drain();
      const rows = await mail.listSent(request.query.to, request.query.limit);
      if (request.headers.accept?.includes('application/json')) {
        return { success: true, data: rows.map(toMessage), error: null };
      }
      const items = rows
        .map(
          (row) => `<article>
<header><strong>${escapeHtml(row.subject)}</strong><span>to ${escapeHtml(row.to)} · ${row.sentAt?.toISOString() ?? ''}</span></header>
<pre>${escapeHtml(row.text)}</pre>
${row.attachments.length ? `<p>Attachments: ${row.attachments.map((a) => escapeHtml(a.filename)).join(', ')}</p>` : ''}
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Sukoon</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px}
h1{font-size:20px;margin:0 0 4px}p.note{color:#475569;margin:0 0 20px}
article{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:16px;margin:0 0 12px;max-width:760px}
header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;margin-bottom:8px}
header span{color:#64748b;font-size:13px}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;margin:0}
</style></head><body>
<h1>Sukoon dev mailbox</h1>
<p class="note">No SMTP_URL is set, so email is delivered here instead. Never enabled in production. ${rows.length} message(s).</p>
${items || '<p>No messages yet.</p>'}
</body></html>`);
    },
  );
};
