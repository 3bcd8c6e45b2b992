import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';
import { listFlaggedNames } from './name-review';

const context = useTestApp();

async function rename(as: Awaited<ReturnType<typeof signedInAs>>, displayName: string) {
  const response = await context.app.inject({
    method: 'PATCH',
    url: `/api/psychologists/${as.user.id}`,
    headers: as.headers,
    payload: { displayName },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('names too close to another psychologist’s (issue 16 #11)', () => {
  it('are taken but flagged for review, naming the psychologist they resemble', async () => {
    const asha = await signedInAs(context.database.db, 'psychologist');
    const copycat = await signedInAs(context.database.db, 'psychologist');
    await rename(asha, 'Dr. Kavita Deshmukh');
    await rename(copycat, 'Dr. Kavita Deshmukh');
    await rename(copycat, 'kavita  DESHMUKH');
    // A name of its own is not flagged.
    await rename(copycat, 'Dr. Farah Siddiqui');

    const flagged = (await listFlaggedNames(context.database.db)).filter(
      (row) => row.psychologistId === copycat.user.id,
    );
    expect(flagged.map((row) => row.name)).toEqual(['kavita DESHMUKH', 'Dr. Kavita Deshmukh']);
    for (const row of flagged) {
      expect(row).toMatchObject({
        similarToId: asha.user.id,
        similarToName: 'Dr. Kavita Deshmukh',
        currentName: 'Dr. Farah Siddiqui',
      });
    }
    // The psychologist first to take the name is not flagged for it.
    expect(
      (await listFlaggedNames(context.database.db)).some(
        (row) => row.psychologistId === asha.user.id,
      ),
    ).toBe(false);
  });
});
