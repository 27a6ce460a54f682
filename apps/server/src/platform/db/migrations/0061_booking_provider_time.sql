-- Bookings (D22): a provider's one-to-one bookings and group sessions never overlap, refused by the
-- database. Every active one-to-one booking and every scheduled group session keeps one row of
-- booking_provider_time (kept by triggers on both tables, in the writing statement), and an
-- exclusion constraint over the provider and the time range refuses a second claim of any part of
-- the same time: of concurrent requests exactly one inserts, the others get 23P01. A booking's
-- calendar file carries a sequence (RFC 5545 SEQUENCE), raised on each reschedule and cancellation.
-- The school may cancel a paid facility booking (refunded): who cancelled and why. Mail in the
-- outbox may carry attachments (a calendar invite).
CREATE TABLE "booking_provider_time" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "booking_id" uuid REFERENCES "bookings"("id") ON DELETE cascade,
  "session_id" uuid REFERENCES "booking_sessions"("id") ON DELETE cascade,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  CONSTRAINT "booking_provider_time_owner_check" CHECK (("booking_id" IS NULL) <> ("session_id" IS NULL)),
  CONSTRAINT "booking_provider_time_no_overlap" EXCLUDE USING gist (
    "organization_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&
  )
);
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_provider_time_booking_key" ON "booking_provider_time" ("booking_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_provider_time_session_key" ON "booking_provider_time" ("session_id");
--> statement-breakpoint
CREATE FUNCTION sekolo_booking_claims_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.status IN ('held', 'confirmed') THEN
    INSERT INTO booking_provider_time (organization_id, booking_id, starts_at, ends_at)
    VALUES (NEW.organization_id, NEW.id, NEW.starts_at, NEW.ends_at)
    ON CONFLICT (booking_id) DO UPDATE SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at;
  ELSE
    DELETE FROM booking_provider_time WHERE booking_id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION sekolo_session_claims_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'scheduled' THEN
    INSERT INTO booking_provider_time (organization_id, session_id, starts_at, ends_at)
    VALUES (NEW.organization_id, NEW.id, NEW.starts_at, NEW.ends_at)
    ON CONFLICT (session_id) DO UPDATE SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at;
  ELSE
    DELETE FROM booking_provider_time WHERE session_id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
INSERT INTO "booking_provider_time" ("organization_id", "session_id", "starts_at", "ends_at")
SELECT "organization_id", "id", "starts_at", "ends_at" FROM "booking_sessions" WHERE "status" = 'scheduled'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "booking_provider_time" ("organization_id", "booking_id", "starts_at", "ends_at")
SELECT "organization_id", "id", "starts_at", "ends_at" FROM "bookings"
WHERE "session_id" IS NULL AND "status" IN ('held', 'confirmed')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "bookings_claim_provider_time" AFTER INSERT OR UPDATE OF "status", "starts_at", "ends_at" ON "bookings" FOR EACH ROW EXECUTE FUNCTION sekolo_booking_claims_time();
--> statement-breakpoint
CREATE TRIGGER "booking_sessions_claim_provider_time" AFTER INSERT OR UPDATE OF "status", "starts_at", "ends_at" ON "booking_sessions" FOR EACH ROW EXECUTE FUNCTION sekolo_session_claims_time();
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "cancelled_by" text;
--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;
