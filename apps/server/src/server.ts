import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DEMO_PATIENT, DEMO_PSYCHOLOGIST, ensureDemoData } from './db/seed';
import { EnvError, loadEnv } from './env';
import { createCodesService } from './modules/codes/codes-service';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          onPoolError: (error) => console.warn(`database: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: env.PGLITE_DIR },
  );
  await database.migrate();
  if (env.DEMO) await ensureDemoData(database.db);
  for (const code of env.SEED_INSTITUTION_CODE ?? []) {
    await createCodesService(database.db).seed(code);
  }
  const app = await buildApp({ env, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const where =
    database.driver === 'pglite' ? `embedded PGlite in ${env.PGLITE_DIR}` : 'PostgreSQL';
  app.log.info(`Sukoon is ready on ${env.publicUrl} (database: ${where})`);
  if (app.mailer.devMailbox) {
    app.log.info(`No SMTP_URL: email goes to the dev mailbox at ${env.publicUrl}/dev/mailbox`);
  }
  if (env.DEMO) {
    app.log.info(
      `Demo sign-ins (password ${DEMO_PSYCHOLOGIST.password}): psychologist ${DEMO_PSYCHOLOGIST.email}, patient ${DEMO_PATIENT.email}`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Sukoon could not start:', error);
  }
  process.exit(1);
});
