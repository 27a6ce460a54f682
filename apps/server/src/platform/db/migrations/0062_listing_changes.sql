-- A young entrepreneur's changes to an approved listing or shop wait for the guardian (D23): the
-- request carries what changes (before and after); a picture added meanwhile stays off the public
-- pages until the change is approved.
ALTER TABLE "entrepreneur_approvals" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "held_for_approval" boolean DEFAULT false NOT NULL;
