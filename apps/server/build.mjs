// Bundles the server (and the shared package it imports) into dist/, leaving npm packages external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  // @sukoon/shared is TypeScript source inside this repo, so it is bundled rather than left external.
  alias: { '@sukoon/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
