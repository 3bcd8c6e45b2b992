/**
 * Compile-time checks between a zod-free type and the schema beside it. A zod-free module (one the
 * web app's first load may carry: decision 0017) writes its types by hand instead of importing them
 * from the schema's module, which would close an import circle; the schema's module states
 * `type _Same = Expect<SameType<z.output<typeof Schema>, Type>>`, so the two cannot drift apart.
 */

/** `true` only when A and B are the same type (not merely assignable one way). */
export type SameType<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`. */
export type Expect<T extends true> = T;
