CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"topic" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"lead_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_message" text,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "meetings_status" CHECK ("meetings"."status" IN ('confirmed', 'cancelled')),
	CONSTRAINT "meetings_language" CHECK ("meetings"."language" IN ('en', 'es')),
	CONSTRAINT "meetings_email_lower" CHECK ("meetings"."email" = lower("meetings"."email")),
	CONSTRAINT "meetings_range" CHECK ("meetings"."start_at" < "meetings"."end_at")
);
--> statement-breakpoint
CREATE TABLE "partner_days_off" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "partner_days_off_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "partner_hours" (
	"user_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "partner_hours_pk" PRIMARY KEY("user_id","weekday","start_minute"),
	CONSTRAINT "partner_hours_weekday" CHECK ("partner_hours"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "partner_hours_range" CHECK ("partner_hours"."start_minute" >= 0 AND "partner_hours"."start_minute" < "partner_hours"."end_minute" AND "partner_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "partner_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"notice_minutes" integer DEFAULT 1440 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"meeting_link" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_settings_notice" CHECK ("partner_settings"."notice_minutes" BETWEEN 0 AND 20160),
	CONSTRAINT "partner_settings_buffer" CHECK ("partner_settings"."buffer_minutes" BETWEEN 0 AND 240),
	CONSTRAINT "partner_settings_link" CHECK ("partner_settings"."meeting_link" IS NULL OR "partner_settings"."meeting_link" LIKE 'https://%')
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_source";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_lead_id_contact_messages_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_days_off" ADD CONSTRAINT "partner_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_hours" ADD CONSTRAINT "partner_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settings" ADD CONSTRAINT "partner_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_partner_start_confirmed" ON "meetings" USING btree ("partner_id","start_at") WHERE "meetings"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_cancel_token" ON "meetings" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "meetings_start" ON "meetings" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "meetings_email" ON "meetings" USING btree ("email","start_at");--> statement-breakpoint
CREATE INDEX "meetings_reminder_due" ON "meetings" USING btree ("start_at") WHERE "meetings"."status" = 'confirmed' AND "meetings"."reminder_sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" IN ('sign-in', 'user.create', 'user.reset-password', 'user.deactivate', 'user.reactivate', 'user.role', 'password.change', 'document.upload', 'document.update', 'document.delete', 'document.download', 'message.delete', 'chat.delete', 'video.delete', 'privacy.access', 'privacy.erasure', 'user.invite', 'invitation.accept', 'newsletter.send', 'lead.reply', 'meeting.cancel'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_source" CHECK ("contact_messages"."source" IN ('form', 'chat', 'video', 'investor', 'booking'));