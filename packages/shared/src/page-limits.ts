// Zod-free, so the web app's first load can use it without zod (decision 0017); paging.ts re-exports it.

/** Every list that can grow without bound is read a page at a time (issue 16, finding 3). */
export const PAGE_LIMITS = { default: 50, max: 200 } as const;
