import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: real server processes (the built dist/server.js) on fresh PostgreSQL
 * databases, driven over loopback HTTP. One file at a time: each measures the machine it runs on.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['reliability/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 10 * 60_000,
    hookTimeout: 2 * 60_000,
  },
});
