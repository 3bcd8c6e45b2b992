-- btree_gist lets an exclusion constraint combine equality on a psychologist with overlap of a time
-- range, so the database itself forbids two overlapping bookings. PGlite bundles it; PostgreSQL ships
-- it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;
