import type { Database } from '../../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { invitationFor } from './invitation';
import { calendarLink, linkParagraph, sessionSummary } from './paragraphs';
import { mailToPatient } from './session-mail';
import { sessionPeople, type BookingRow } from './session-people';

/** The patient learns the session's meeting link when it is first set or changed. */
export async function queueMeetingLinkEmail(
  tx: Database,
  booking: BookingRow,
  options: { publicUrl: string; changed: boolean },
) {
  const people = await sessionPeople(tx, booking);
  if (!people || !booking.meetingLink) return;
  const reader = people.toPatient;
  const { t } = reader;
  const time = people.patientTime;
  await enqueueMail(tx, {
    ...mailToPatient(people, {
      subject: options.changed
        ? t('mail.link.subjectChanged', { time })
        : t('mail.link.subject', { time }),
      heading: options.changed ? t('mail.link.headingChanged') : t('mail.link.heading'),
      paragraphs: [
        sessionSummary(reader, booking, people.psychologistName, time),
        linkParagraph(reader, 'mail.session.join', { link: booking.meetingLink }),
        options.changed ? t('mail.link.useThisOne') : '',
        linkParagraph(reader, 'mail.link.fromCalendar', {
          url: calendarLink(options.publicUrl, booking),
        }),
      ],
    }),
    attachments: [invitationFor(booking, people, options.publicUrl, reader)],
  });
}
