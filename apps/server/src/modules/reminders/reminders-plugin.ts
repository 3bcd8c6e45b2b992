import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic';
import { createRemindersService, type RemindersService } from './reminders-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Session reminders; tests call `sendDue(now)` to act as the sweep at a chosen time. */
    reminders: RemindersService;
  }
}

/** How often due reminders are looked for: a reminder goes out at most this much after its time. */
const REMINDER_SWEEP_MS = 30_000;

/** Sweeps due reminders on a timer while the app runs; one sweep at a time, finished on close. */
export const remindersPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createRemindersService({ db: app.database.db, publicUrl: app.env.publicUrl });
    app.decorate('reminders', service);

    runPeriodically(app, 'reminders', REMINDER_SWEEP_MS, async () => {
      if ((await service.sendDue()) > 0) app.mailer.wake();
    });
  },
  { name: 'reminders' },
);
