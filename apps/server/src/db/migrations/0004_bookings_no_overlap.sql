-- Two live sessions of one psychologist never overlap: the database refuses it, whatever the
-- application does. Only 'held' and 'booked' rows take part. An exclusion constraint cannot look at
-- now(), so a hold stops blocking when it is expired by an UPDATE to status 'expired' (the booking flow
-- does that before it places a new hold, inside the same transaction). Intervals are half-open, so a
-- session may start at the minute the previous one ends.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "psychologist_id" WITH =,
  tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("status" IN ('held', 'booked'));
