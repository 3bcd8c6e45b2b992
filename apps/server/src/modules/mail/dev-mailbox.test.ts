import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { enqueueMail } from './outbox';

describe('dev mailbox', () => {
  const context = useTestApp();

  it('shows delivered mail as a page and as JSON, escaped, filtered by address', async () => {
    await enqueueMail(context.database.db, {
      to: 'Reader@Example.test',
      subject: 'Hello <b>there</b>',
      text: 'Line one\nLine <two>',
      html: '<p>x</p>',
    });
    const page = await context.app.inject({ url: '/dev/mailbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Hello &#60;b&#62;there&#60;/b&#62;');
    expect(page.body).not.toContain('<b>there</b>');

    const json = await context.app.inject({ url: '/dev/mailbox.json?to=reader@example.test' });
    expect(json.json().data).toEqual([
      expect.objectContaining({ to: 'Reader@Example.test', subject: 'Hello <b>there</b>' }),
    ]);
    const viaAccept = await context.app.inject({
      url: '/dev/mailbox?to=nobody@example.test',
      headers: { accept: 'application/json' },
    });
    expect(viaAccept.json().data).toEqual([]);
  });
});

describe('dev mailbox in production', () => {
  // A configuration production accepts (the test's own database is used, whatever DATABASE_URL says).
  const context = useTestApp({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://sukoon@db.internal:5432/sukoon',
    PUBLIC_URL: 'https://sukoon.example.org',
    SMTP_URL: 'smtp://127.0.0.1:9',
    RAZORPAY_KEY_ID: 'rzp_test_abc123',
    RAZORPAY_KEY_SECRET: 'q8Vt2LmZr4Xn6Yb1Wc9Pd3Ke',
    RAZORPAY_WEBHOOK_SECRET: 'h7Jx2Qp9Lm4Rt6Vz',
  });

  it('does not exist', async () => {
    expect((await context.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
