/** Plain, branded emails: a heading, short paragraphs, an optional highlighted code. Text and HTML. */
import { DEFAULT_LOCALE, type Locale } from '@sukoon/shared';
import { translate } from '../../i18n/translate';

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code, shown large in the HTML and on its own line in the text. */
  code?: string;
  /** The language of the frame around the content (footer, `lang`); English when absent. */
  locale?: Locale;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const locale = content.locale ?? DEFAULT_LOCALE;
  const tagline = translate(locale, 'mail.footerTagline');
  const reason = translate(locale, 'mail.footerReason');
  const text = [
    'Sukoon',
    '',
    content.heading,
    '',
    ...(content.code ? [translate(locale, 'mail.yourCode', { code: content.code }), ''] : []),
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    '-- ',
    tagline,
    reason,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:bold;color:#0f766e">Sukoon</td></tr>
<tr><td style="padding:24px 28px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${content.code ? `<p style="margin:0 0 20px;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:Consolas,monospace">${escapeHtml(content.code)}</p>` : ''}
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${escapeHtml(`${tagline} ${reason}`)}</td></tr>
</table></td></tr></table></body></html>`;

  return { subject: content.subject, text, html };
}
