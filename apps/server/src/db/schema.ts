/**
 * Every Drizzle table lives here, so `drizzle-kit generate` sees the whole schema in one place.
 * Later capabilities add their tables below. Overlap rules that Drizzle cannot express (exclusion
 * constraints) are written in hand-edited migrations in ./migrations.
 */
export {};
