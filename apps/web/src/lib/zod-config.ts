import { z } from 'zod';

// The server's Content-Security-Policy allows scripts from the app's origin only: no eval. Zod 4
// compiles fast object parsers with `new Function` when it may, and even its probe for that (caught,
// harmless) raises a `securitypolicyviolation`. Jitless parsing skips both. It must run before any
// schema is built: main.tsx imports this module first and the app only after it has run.
z.config({ jitless: true });
