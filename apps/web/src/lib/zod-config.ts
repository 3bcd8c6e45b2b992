// The server's Content-Security-Policy allows scripts from the app's origin only: no eval. Zod 4
// compiles fast object parsers with `new Function` when it may, and even its probe for that (caught,
// harmless) raises a `securitypolicyviolation`. Jitless parsing skips both. It must run before any
// schema is built, so the web build resolves every `import … from 'zod'` (the app's and
// @sukoon/shared's) to this module (vite.config.ts, resolve.alias): whichever chunk first builds a
// schema has configured zod first. The first load carries no zod at all (decision 0017).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
