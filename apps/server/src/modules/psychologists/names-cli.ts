// `npm run names -- review`: the operator's list of psychologists' names flagged as too close to
// another psychologist's (issue 16 #11). Uses the same database as the server.
import { openCliDatabase } from '../../db/cli-database';
import { EnvError } from '../../env';
import { listFlaggedNames } from './name-review';

const USAGE = `Usage:
  npm run names -- review   list names flagged as too close to another psychologist's, newest first`;

async function main() {
  const command = process.argv[2];
  if (command !== 'review') {
    console.info(USAGE);
    if (command && command !== '--help' && command !== '-h') process.exit(2);
    return;
  }
  const database = await openCliDatabase();
  try {
    const flagged = await listFlaggedNames(database.db);
    if (flagged.length === 0) console.info('No names are flagged.');
    for (const row of flagged) {
      const now =
        row.currentName === null
          ? ' (account deleted)'
          : row.currentName !== row.name
            ? ` (now "${row.currentName}")`
            : '';
      console.info(
        `${row.flaggedAt.toISOString()}  "${row.name}"${now} [${row.psychologistId}] is close to "${row.similarToName}" [${row.similarToId}]`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
