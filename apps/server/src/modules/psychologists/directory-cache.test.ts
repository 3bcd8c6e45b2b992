import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_POLICY,
  psychologistsPath,
  type PsychologistListItem,
} from '@sukoon/shared';
import { createBooking } from '../../db/factories';
import { signedInAs } from '../../../test/sign-in';
import { eventually, useTwoProcesses, type TwoProcesses } from '../../../test/two-processes';
import type { ListedPsychologistRow } from './psychologists-repository';
import { directoryChangesAt } from './psychologists-service';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/**
 * The patients' list of psychologists kept in memory (issue 19): the same answer for every signed-in
 * reader, true across two server processes on one database, and never older than the clock allows.
 */
let database: TwoProcesses['database'];
let first: FastifyInstance;
let second: FastifyInstance;
let psychologist: Caller;
let patient: Caller;

const processes = useTwoProcesses();

beforeAll(async () => {
  ({ database, first, second } = processes);
  psychologist = await signedInAs(database.db, 'psychologist');
  patient = await signedInAs(database.db, 'patient');
});

async function listed(app: FastifyInstance, as: Caller = patient, url = psychologistsPath()) {
  const response = await app.inject({ url, headers: as.headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, items: response.json<{ data: PsychologistListItem[] }>().data };
}
const ours = async (app: FastifyInstance) =>
  (await listed(app)).items.find((item) => item.id === psychologist.user.id)!;

describe('the patients’ list of psychologists, kept in memory', () => {
  it('answers a repeated read from memory, byte for byte, to every signed-in reader', async () => {
    const before = second.caches.directory.size;
    const once = await listed(second);
    expect(second.caches.directory.size).toBe(before + 1);
    expect((await listed(second)).body).toBe(once.body);
    // Nothing in it is anyone's own: a psychologist reading the same address gets the same bytes.
    expect((await listed(second, psychologist)).body).toBe(once.body);
    expect(second.caches.directory.size).toBe(before + 1);
  });

  it('still asks who is reading, and keeps only the addresses the app asks for', async () => {
    await listed(second);
    expect((await second.inject({ url: psychologistsPath() })).statusCode).toBe(401);
    const size = second.caches.directory.size;
    await listed(second, patient, '/api/psychologists?language=Hindi&_=1');
    await listed(second, patient, '/api/psychologists?_=2');
    expect(second.caches.directory.size).toBe(size);
    await listed(second, patient, psychologistsPath({ language: 'Hindi' }));
    expect(second.caches.directory.size).toBe(size + 1);
  });

  it('follows a session booked by any writer into every process', async () => {
    const { next_available: free } = await ours(second);
    expect(free).not.toBeNull();
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(free!),
    });
    await eventually(async () => expect((await ours(second)).next_available).not.toBe(free));
  });

  it('follows a profile changed in the other process', async () => {
    await ours(second);
    const renamed = await first.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { displayName: 'Dr. Kavya Menon' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(async () => expect((await ours(second)).displayName).toBe('Dr. Kavya Menon'));
  });

  it('gives a held time back once the hold runs out, with nothing written', async () => {
    const { next_available: free } = await ours(second);
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(free!),
      status: 'held',
      holdExpiresAt: new Date(Date.now() + 700),
    });
    await eventually(async () => expect((await ours(second)).next_available).not.toBe(free));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await ours(second)).next_available).toBe(free);
  });
});

describe('directoryChangesAt: when the list reads differently with nothing written', () => {
  const now = new Date('2026-11-26T04:07:00.000Z');
  const row = (firstHoldEnd: number | null) =>
    ({ firstHoldEnd }) as unknown as ListedPsychologistRow;
  const item = (nextAvailable: string | null, minNoticeMinutes = 0) =>
    ({
      next_available: nextAvailable,
      policy: { ...DEFAULT_PRACTICE_POLICY, minNoticeMinutes },
    }) as PsychologistListItem;

  it('is when a listed first free time comes inside its minimum notice', () => {
    const at = directoryChangesAt(
      [row(null), row(null)],
      [item('2026-11-26T10:00:00.000Z', 120), item('2026-11-26T06:30:00.000Z', 60)],
      now,
    );
    expect(at?.toISOString()).toBe('2026-11-26T05:30:00.000Z');
  });

  it('is when a hold among the facts runs out, if that is sooner', () => {
    const holdEnd = Date.parse('2026-11-26T04:11:00.000Z');
    const at = directoryChangesAt([row(holdEnd)], [item('2026-11-26T10:00:00.000Z')], now);
    expect(at?.getTime()).toBe(holdEnd);
  });

  it('is the next quarter hour for a psychologist with no free time listed', () => {
    const at = directoryChangesAt([row(null)], [item(null)], now);
    expect(at?.toISOString()).toBe('2026-11-26T04:15:00.000Z');
  });

  it('is never, for an empty list (only a write can change it)', () => {
    expect(directoryChangesAt([], [], now)).toBeNull();
  });
});
