import { eq } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@sukoon/shared';
import { users } from '../../db/schema';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { startSmtpSink } from '../../../test/smtp-sink';
import { useTestApp } from '../../../test/test-app';

type Caller = Awaited<ReturnType<typeof signedInAs>>;
const DEVANAGARI = /[\u0900-\u097F]/;
const HOUR = 60 * 60 * 1000;

const sink = await startSmtpSink();
afterAll(() => sink.close());

/**
 * Issue 22: every session email is written in its reader's own account language, through a real SMTP
 * server: the patient and the psychologist of one session may read different ones.
 */
describe('session emails in each reader’s language', () => {
  const context = useTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Sukoon <hello@sukoon.test>' });
  const db = () => context.database.db;
  let psychologist: Caller;
  let patient: Caller;

  const speaks = (who: Caller, locale: Locale) =>
    db().update(users).set({ locale }).where(eq(users.id, who.user.id));

  /** The messages to an address once `count` of them have arrived. */
  async function mailTo(who: Caller, count: number): Promise<Email[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = sink.received.filter((email) => email.to?.[0]?.address === who.user.email);
      if (mail.length >= count) return mail;
      if (Date.now() > deadline) throw new Error(`only ${mail.length} of ${count} mails arrived`);
      await sink.waitFor(sink.received.length + 1, 1_000).catch(() => undefined);
    }
  }

  beforeAll(async () => {
    psychologist = await signedInAs(db(), 'psychologist');
    patient = await signedInAs(db(), 'patient');
  });

  it('a Hindi patient gets the confirmation and the reminder in Hindi; their English psychologist, English', async () => {
    await speaks(patient, 'hi');
    await speaks(psychologist, 'en');
    const start = istSlot(3, 15 * 60);
    await bookAndPay(context.app, patient, psychologist.user.id, start);

    const [confirmation] = await mailTo(patient, 1);
    expect(confirmation!.subject).toMatch(
      /^बुकिंग कन्फ़र्म हो गई: \S+, \d+ \S+ \d{4}, 3:00 pm – 3:45 pm IST$/,
    );
    // Hindi weekday and month names, Western digits, rupees with the ₹ sign.
    const weekday = new Intl.DateTimeFormat('hi-IN', {
      weekday: 'long',
      timeZone: 'Asia/Kolkata',
    }).format(start);
    expect(confirmation!.subject).toContain(weekday);
    expect(confirmation!.text).toContain('आपका अपॉइंटमेंट तय हो गया है');
    expect(confirmation!.text).toContain('₹900 का पेमेंट हो गया है।');
    expect(confirmation!.text).toMatch(/अपना अगला सेशन बुक करें .*\?token=[\w-]+&psychologistId=/);
    expect(confirmation!.text).not.toMatch(/Booking confirmed|appointment|minute session/);
    expect(confirmation!.html).toContain('<html lang="hi">');
    expect(confirmation!.html).toContain('आपका अपॉइंटमेंट तय हो गया है');
    // The calendar invitation is the same as ever.
    expect(confirmation!.attachments.map((file) => file.filename)).toContain('session.ics');

    const [toPsychologist] = await mailTo(psychologist, 1);
    expect(toPsychologist!.subject).toMatch(/^New session booked: .*, 3:00 PM – 3:45 PM IST$/);
    expect(toPsychologist!.text).toContain('A patient booked a session with you');
    expect(toPsychologist!.text).not.toMatch(DEVANAGARI);
    expect(toPsychologist!.html).toContain('<html lang="en">');

    // On the day, five hours before: the reminder says "today at 3:00 pm", in Hindi.
    expect(await context.app.reminders.sendDue(new Date(start.getTime() - 5 * HOUR))).toBe(1);
    const reminder = (await mailTo(patient, 2)).at(-1)!;
    expect(reminder.subject).toMatch(/^रिमाइंडर: आपका सेशन आज 3:00 pm है \(.+ IST\)$/);
    expect(reminder.text).toContain('के साथ आपका सेशन आज 3:00 pm शुरू होगा');
    expect(reminder.text).not.toMatch(/Reminder|minute session/);
    expect(reminder.html).toContain('<html lang="hi">');
  });

  it('cancels in both languages: the English patient reads English, the Hindi psychologist Hindi', async () => {
    await speaks(patient, 'en');
    await speaks(psychologist, 'hi');
    const { bookingId } = await bookAndPay(
      context.app,
      patient,
      psychologist.user.id,
      istSlot(4, 11 * 60),
      20,
    );
    // The first test's confirmation and reminder, and this booking's confirmations, arrived first.
    const patientBefore = (await mailTo(patient, 3)).length;
    const psychologistBefore = (await mailTo(psychologist, 2)).length;

    const canceled = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: patient.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);

    const toPatient = (await mailTo(patient, patientBefore + 1)).at(-1)!;
    expect(toPatient.subject).toMatch(/^Session canceled: /);
    expect(toPatient.text).toContain('You canceled your session');
    expect(toPatient.text).not.toMatch(DEVANAGARI);

    const toPsychologist = (await mailTo(psychologist, psychologistBefore + 1)).at(-1)!;
    expect(toPsychologist.subject).toMatch(/^सेशन रद्द हो गया: .+, 11:00 am – 11:20 am IST$/);
    expect(toPsychologist.text).toContain(`${patient.user.username} ने अपना सेशन रद्द कर दिया है`);
    expect(toPsychologist.text).toContain('यह स्लॉट फिर से खाली है।');
    expect(toPsychologist.html).toContain('<html lang="hi">');
  });
});
