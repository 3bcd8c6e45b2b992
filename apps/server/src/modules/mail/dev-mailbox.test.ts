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
  const context = useTestApp({
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
    RAZORPAY_KEY_ID: 'rzp_test_abc123',
    RAZORPAY_KEY_SECRET: 'secret-123456',
    RAZORPAY_WEBHOOK_SECRET: 'whsec-123456',
  });

  it('does not exist', async () => {
    expect((await context.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
