-- Communication: the notification centre (one per user) with per-kind channel preferences, school
-- announcements with their recipients and delivery, and SMS through the school's own account
-- (its sandbox or gateway, the messages it sent, and who opted out). An announcement to a whole
-- school writes tens of thousands of recipients and notifications in one request, so these two
-- tables carry only the indexes their reads need, and notifications no foreign keys (each checked
-- per row): writers take user ids from users (or a table that references it), and a trigger
-- deletes a user's notifications with the user.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT sekolo_uuid_v7() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" uuid,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"channels" text[] DEFAULT '{in_app}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_at" timestamp with time zone,
	"sms_at" timestamp with time zone,
	"pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('absence', 'assignment', 'marks', 'invoice', 'payment', 'message', 'event', 'order', 'announcement'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_key" ON "notifications" USING btree ("user_id","event_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_pending_idx" ON "notifications" USING btree ("created_at") WHERE "pending";--> statement-breakpoint
CREATE FUNCTION sekolo_delete_notifications_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "notifications" WHERE "user_id" = OLD."id";
	RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_delete_notifications" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION sekolo_delete_notifications_of_user();--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id","kind")
);--> statement-breakpoint
CREATE TABLE "sms_accounts" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"sender_id" text DEFAULT '' NOT NULL,
	"webhook_token" text NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_accounts_provider_check" CHECK ("provider" in ('sandbox', 'bulksms'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_accounts_webhook_token_key" ON "sms_accounts" USING btree ("webhook_token");--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT sekolo_uuid_v7() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_check" CHECK ("status" in ('queued', 'sent', 'delivered', 'failed')),
	CONSTRAINT "sms_messages_purpose_check" CHECK ("purpose" in ('announcement', 'notification', 'test'))
);--> statement-breakpoint
CREATE INDEX "sms_messages_org_created_idx" ON "sms_messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_key" ON "sms_messages" USING btree ("provider","provider_message_id") WHERE "provider_message_id" is not null;--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"recorded_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY ("organization_id","phone"),
	CONSTRAINT "sms_opt_outs_source_check" CHECK ("source" in ('inbound', 'manual'))
);--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"audience_label" text NOT NULL,
	"channels" text[] NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_status_check" CHECK ("status" in ('scheduled', 'sending', 'sent', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "announcements_org_created_idx" ON "announcements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL REFERENCES "announcements"("id") ON DELETE cascade,
	"recipient_key" text NOT NULL,
	"guardian_id" uuid,
	"user_id" text,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"notification_id" uuid,
	"email_status" text NOT NULL,
	"mail_id" uuid,
	"sms_status" text NOT NULL,
	"sms_message_id" uuid,
	CONSTRAINT "announcement_recipients_pkey" PRIMARY KEY ("announcement_id","recipient_key"),
	CONSTRAINT "announcement_recipients_email_check" CHECK ("email_status" in ('none', 'skipped', 'queued', 'written')),
	CONSTRAINT "announcement_recipients_sms_check" CHECK ("sms_status" in ('none', 'skipped', 'queued', 'written', 'invalid', 'opted_out'))
);--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id","announcement_id") WHERE "user_id" is not null;
