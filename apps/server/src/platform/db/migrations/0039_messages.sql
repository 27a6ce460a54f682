-- Realtime events (platform/realtime): what a signed-in browser receives over its event stream,
-- kept a while so a browser that reconnects with Last-Event-ID gets what it missed.
CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "realtime_events_user_idx" ON "realtime_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
-- Messages (modules/messages): conversations between staff and guardians of a school, between
-- staff, and between a customer and a seller about an order or booking.
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"subject_kind" text,
	"subject_ref" text,
	"created_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_check" CHECK ("kind" in ('school', 'order', 'booking')),
	CONSTRAINT "conversations_subject_check" CHECK (("kind" = 'school' and "subject_kind" is null and "subject_ref" is null) or ("kind" <> 'school' and "subject_kind" = "kind" and "subject_ref" is not null))
);--> statement-breakpoint
CREATE INDEX "conversations_org_idx" ON "conversations" USING btree ("organization_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_subject_key" ON "conversations" USING btree ("organization_id","subject_kind","subject_ref","created_by") WHERE "subject_ref" is not null;--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"side" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_pk" PRIMARY KEY ("conversation_id","user_id"),
	CONSTRAINT "conversation_participants_side_check" CHECK ("side" in ('staff', 'guardian', 'office', 'customer', 'seller'))
);--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"sender_id" text REFERENCES "users"("id") ON DELETE set null,
	"body" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "body")) STORED,
	CONSTRAINT "messages_body_check" CHECK (char_length("body") <= 5000)
);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key" ON "messages" USING btree ("conversation_id","sender_id","client_key") WHERE "client_key" is not null;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"message_id" uuid NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
	"upload_id" uuid NOT NULL REFERENCES "uploads"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	CONSTRAINT "message_attachments_pk" PRIMARY KEY ("message_id","upload_id")
);--> statement-breakpoint
CREATE INDEX "message_attachments_upload_idx" ON "message_attachments" USING btree ("upload_id");
