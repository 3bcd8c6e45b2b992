-- Issue 19: a person's own reads (their booking list, their calendar events) are cached per person in
-- each server process (apps/server/src/plugins/change-feed.ts), kept true like the calendar reads:
-- every change that can alter them announces, on channel `sukoon_person`, the id of each person whose
-- answers it touches. PostgreSQL sends notifications on commit only and collapses equal ones within a
-- transaction.

-- A session's row: its patient and its psychologist, before and after (a deleted account's sessions
-- lose their patient, who must hear it too).
CREATE FUNCTION "sukoon_notify_booking_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('sukoon_person', OLD.psychologist_id::text);
    IF OLD.patient_id IS NOT NULL THEN
      PERFORM pg_notify('sukoon_person', OLD.patient_id::text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('sukoon_person', NEW.psychologist_id::text);
    IF NEW.patient_id IS NOT NULL THEN
      PERFORM pg_notify('sukoon_person', NEW.patient_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_people_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_booking_people"();
--> statement-breakpoint
-- A refund (made, retried, processed) changes what a session's list entry says was refunded: the
-- people of the session its payment's order paid for (a booking, a longer length or a penalty all
-- name the session).
CREATE FUNCTION "sukoon_notify_refund_people"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  FOR person IN
    SELECT unnest(ARRAY[b.psychologist_id, b.patient_id])
    FROM payments p
    JOIN payment_orders o ON o.id = p.order_id
    -- Only a session's id is cast (CASE keeps the cast from running on anything else), so the
    -- bookings key is used and an order of another kind can never make the refund's write fail.
    JOIN bookings b ON b.id = CASE
      WHEN o.reference_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      THEN o.reference_id::uuid
    END
    WHERE p.id = coalesce(NEW.payment_id, OLD.payment_id)
  LOOP
    IF person IS NOT NULL THEN
      PERFORM pg_notify('sukoon_person', person::text);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "refunds_people_change" AFTER INSERT OR UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_refund_people"();
--> statement-breakpoint
-- A psychologist's profile names them in every list and event of their patients, who cannot be
-- listed cheaply: announced on its own channel, and every personal answer is dropped (rare).
CREATE TRIGGER "psychologist_profiles_people_change" AFTER INSERT OR UPDATE OR DELETE ON "psychologist_profiles"
  FOR EACH ROW EXECUTE FUNCTION "sukoon_notify_change"('sukoon_directory', 'user_id');
