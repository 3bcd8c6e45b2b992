import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves one core free by default: one worker on a 2-core machine. The server's tests wait
    // on timers, sockets and the database as much as they compute: with two workers the whole suite
    // took 471 s instead of 630 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
          // Property tests run a hundred cases each; a busy 2-core machine needs more than 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // Real server processes under faults: `npm run test:reliability` (PostgreSQL only).
          exclude: [...configDefaults.exclude, 'reliability/**'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
          // Migrates one database for the run; each file that needs one gets a copy of it.
          globalSetup: ['./test/migrated-template.ts'],
          // Each file builds its own app on its own fresh database; PGlite start-up can be slow on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['../../vitest.setup.ts', './src/testing/setup.ts'],
          // Rendering whole dialogs in jsdom on a busy 2-core machine can pass 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
