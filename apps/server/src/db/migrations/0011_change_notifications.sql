-- Every change to what a calendar read or a session check returns is announced with NOTIFY, so each
-- server process can keep those answers in memory and drop them the moment they change (see
-- apps/server/src/plugins/change-feed.ts). PostgreSQL delivers a notification only when its
-- transaction commits, and collapses identical ones within a transaction, so a bulk write costs one
-- notification per psychologist it touched.
CREATE FUNCTION "sukoon_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the channel; TG_ARGV[1]: the column whose value names what changed.
  PERFORM pg_notify(TG_ARGV[0], coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[1]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_calendar_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_calendar', 'psychologist_id');
--> statement-breakpoint
CREATE TRIGGER "days_off_calendar_change" AFTER INSERT OR UPDATE OR DELETE ON "days_off"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_calendar', 'psychologist_id');
--> statement-breakpoint
CREATE TRIGGER "blocked_slots_calendar_change" AFTER INSERT OR UPDATE OR DELETE ON "blocked_slots"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_calendar', 'psychologist_id');
--> statement-breakpoint
CREATE TRIGGER "unavailable_day_parts_calendar_change" AFTER INSERT OR UPDATE OR DELETE ON "unavailable_day_parts"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_calendar', 'psychologist_id');
--> statement-breakpoint
CREATE TRIGGER "psychologist_profiles_calendar_change" AFTER INSERT OR UPDATE OR DELETE ON "psychologist_profiles"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_calendar', 'user_id');
--> statement-breakpoint
-- A session revoked, expired early or deleted: its token hash. (Touching last_used_at is announced
-- too; the cache then reads the session once more.)
CREATE TRIGGER "auth_sessions_change" AFTER UPDATE OR DELETE ON "auth_sessions"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_session', 'token_hash');
--> statement-breakpoint
-- An account changed (verified, anonymised, a new password): every cached session of it.
CREATE TRIGGER "users_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_user', 'id');
