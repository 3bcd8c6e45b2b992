import type { Database } from '../../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { sessionSummary } from './paragraphs';
import { mailToPsychologist } from './session-mail';
import { sessionPeople, type BookingRow } from './session-people';

/** The psychologist hears that the patient keeps the time they moved the session to. */
export async function queueMoveKeptEmail(tx: Database, booking: BookingRow) {
  const people = await sessionPeople(tx, booking);
  if (!people) return;
  const reader = people.toPsychologist;
  const name = people.patient.username;
  await enqueueMail(
    tx,
    mailToPsychologist(people, {
      subject: reader.t('mail.kept.subject', { time: people.psychologistTime }),
      heading: reader.t('mail.kept.heading', { name }),
      paragraphs: [sessionSummary(reader, booking, name, people.psychologistTime)],
    }),
  );
}
